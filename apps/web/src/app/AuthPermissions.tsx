import { type ReactNode, useCallback } from 'react';
import { type Can, PermissionsProvider } from '../components/management';
import { useAuth } from './auth/AuthProvider';

/** The management kit's permission checks answered from the signed-in user (administrators hold every key). */
export function AuthPermissions({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useAuth();
  const can = useCallback<Can>((key) => isAdmin || (user?.permissions ?? []).includes(key), [isAdmin, user]);
  return <PermissionsProvider value={can}>{children}</PermissionsProvider>;
}
