import type { PermissionKey } from '@academy/contract';
import { useCallback } from 'react';
import { useAuth } from '../../app/auth/AuthProvider';

/**
 * Whether the signed-in user holds a permission key (administrators hold them all). Only decides
 * what the page shows: the API checks the same keys on every request.
 */
export function useCan(): (key: PermissionKey) => boolean {
  const { user, isAdmin } = useAuth();
  return useCallback((key) => isAdmin || (user?.permissions ?? []).includes(key), [isAdmin, user]);
}

export function usePermission(key: PermissionKey): boolean {
  return useCan()(key);
}
