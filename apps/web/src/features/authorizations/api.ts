import {
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  type PermissionKey,
  type TAuthorization,
  type TAuthorizationInput,
  type TAuthorizationOption,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, type Query } from '../../lib/api';

export const AUTHORIZATIONS_KEY = ['authorizations'] as const;

export function useAuthorizationList(query: Query) {
  return useQuery({
    queryKey: [...AUTHORIZATIONS_KEY, 'list', query],
    queryFn: () => apiList<TAuthorization>('authorizations', query),
    placeholderData: keepPreviousData,
  });
}

export function useAuthorization(id: number | undefined) {
  return useQuery({
    queryKey: [...AUTHORIZATIONS_KEY, 'one', id],
    queryFn: () => api<TAuthorization>(`authorizations/${id}`),
    enabled: id !== undefined,
  });
}

/** Id and name of every authorization (anyone signed in), for the user form and filters. */
export function useAuthorizationOptions() {
  return useQuery({
    queryKey: [...AUTHORIZATIONS_KEY, 'options'],
    queryFn: () => api<TAuthorizationOption[]>('authorizations/options'),
    staleTime: 60_000,
  });
}

export function useSaveAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TAuthorizationInput }) =>
      api<TAuthorization>(id ? `authorizations/${id}` : 'authorizations', {
        method: id ? 'PUT' : 'POST',
        body: values,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
  });
}

export function useDeleteAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`authorizations/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
  });
}

/** The human label of a permission key (from the contract). */
export function permissionLabel(key: PermissionKey): string {
  return PERMISSION_LABELS[key];
}

/** The keys of `permissions` in the order of the contract's groups (the order the form shows). */
export function sortedPermissions(permissions: readonly PermissionKey[]): PermissionKey[] {
  const order: readonly PermissionKey[] = PERMISSION_GROUPS.flatMap((group) => group.keys);
  return [...permissions].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
