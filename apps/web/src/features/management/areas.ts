import { type ManagementArea, visibleManagementAreas } from '@academy/contract';
import type { AuthState } from '../../app/auth/AuthProvider';

export function areasFor(auth: AuthState): ManagementArea[] {
  return auth.user ? visibleManagementAreas(auth.user.role.codeName, auth.user.permissions) : [];
}

/** The area a management path belongs to: its first segment after /management. */
export function areaOfPath(pathname: string): string | undefined {
  return pathname.split('/')[2] || undefined;
}
