import { visibleManagementAreas } from '@academy/contract';
import type { AuthState } from '../auth/AuthProvider';

/** The user menu's links; management only for users who can open at least one area. */
export function userLinks(auth: AuthState): { to: string; label: string }[] {
  const links = [
    { to: '/training-academy', label: 'userMenu.myCourses' },
    { to: '/account', label: 'userMenu.account' },
  ];
  const user = auth.user;
  if (user && visibleManagementAreas(user.role.codeName, user.permissions).length > 0) {
    links.push({ to: '/management', label: 'userMenu.management' });
  }
  return links;
}

export function displayName(auth: AuthState, adminFallback: string): string {
  const name = auth.user?.fullName?.trim();
  if (name) return name;
  return auth.isAdmin ? adminFallback : (auth.user?.employeeCode ?? '');
}
