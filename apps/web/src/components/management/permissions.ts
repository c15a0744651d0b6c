import type { PermissionKey } from '@academy/contract';
import { createContext, useContext } from 'react';

/** Whether the signed-in user holds a permission key. */
export type Can = (key: PermissionKey) => boolean;

const CanContext = createContext<Can>(() => false);

/**
 * The app plugs in who may do what (app/AuthPermissions.tsx), so that the kit knows nothing of
 * sign-in. Only decides what a page shows: the API checks the same keys on every request.
 */
export const PermissionsProvider = CanContext.Provider;

export function useCan(): Can {
  return useContext(CanContext);
}

export function usePermission(key: PermissionKey): boolean {
  return useCan()(key);
}
