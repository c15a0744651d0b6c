import {
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  type PermissionKey,
  type TAuthorization,
  type TAuthorizationInput,
  type TAuthorizationOption,
} from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, usePagedList, useRecord } from '../../lib/queries';

export const AUTHORIZATIONS_KEY = ['authorizations'] as const;

const authorizationsApi = {
  list: listEndpoint<TAuthorization>('authorizations'),
  one: endpoint<TAuthorization, number>('GET', (id) => `authorizations/${id}`),
  options: endpoint<TAuthorizationOption[]>('GET', 'authorizations/options'),
  add: endpoint<TAuthorization>('POST', 'authorizations'),
  edit: endpoint<TAuthorization, number>('PUT', (id) => `authorizations/${id}`),
  remove: endpoint<void, number>('DELETE', (id) => `authorizations/${id}`),
};

export function useAuthorizationList(query: Query) {
  return usePagedList(AUTHORIZATIONS_KEY, authorizationsApi.list, query);
}

export function useAuthorization(id: number | undefined) {
  return useRecord(AUTHORIZATIONS_KEY, authorizationsApi.one, id);
}

/** Id and name of every authorization (anyone signed in), for the user form and filters. */
export function useAuthorizationOptions() {
  return useQuery({
    queryKey: [...AUTHORIZATIONS_KEY, 'options'],
    queryFn: () => authorizationsApi.options.call(),
    staleTime: 60_000,
  });
}

const saveAuthorization = addOrEdit<TAuthorization, TAuthorizationInput>(
  authorizationsApi.add,
  authorizationsApi.edit,
);

export function useSaveAuthorization() {
  return useChange(
    ({ id, values }: { id?: number; values: TAuthorizationInput }) => saveAuthorization({ id, body: values }),
    AUTHORIZATIONS_KEY,
  );
}

export function useDeleteAuthorization() {
  return useChange((id: number) => authorizationsApi.remove.call(id), AUTHORIZATIONS_KEY);
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
