import type {
  TUserBulkAction,
  TUserBulkResult,
  TUserCreate,
  TUserDetail,
  TUserImportResult,
  TUserListItem,
  TUserUpdate,
} from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, type Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { useChange, useInvalidate, usePagedList, useRecord } from '../../lib/queries';

export const USERS_KEY = ['users', 'admin'] as const;
/** Departments and authorizations show how many users they hold. */
const HOLDING_USERS = [USERS_KEY, ['departments'], ['authorizations']] as const;

const usersApi = {
  list: listEndpoint<TUserListItem>('users'),
  one: endpoint<TUserDetail, number>('GET', (id) => `users/${id}`),
  add: endpoint<TUserDetail>('POST', 'users'),
  edit: endpoint<TUserDetail, number>('PUT', (id) => `users/${id}`),
  setAccess: endpoint<TUserDetail, number>('PATCH', (id) => `users/${id}/access`),
  remove: endpoint<void, number>('DELETE', (id) => `users/${id}`),
  bulk: endpoint<TUserBulkResult>('POST', 'users/bulk'),
  import: endpoint<TUserImportResult>('POST', 'users/import'),
};

/** One page of users: q (code, name, email), serviceId, branchId, departmentId, authorizationId, access, sort. */
export function useUserList(query: Query) {
  return usePagedList(USERS_KEY, usersApi.list, query);
}

export function useUser(id: number | undefined) {
  return useRecord(USERS_KEY, usersApi.one, id);
}

export function useCreateUser() {
  return useChange((values: TUserCreate) => usersApi.add.call(undefined, { body: values }), ...HOLDING_USERS);
}

/** PUT users/{id}; a non-empty password resets it to a new temporary one. */
export function useUpdateUser() {
  return useChange(
    ({ id, values }: { id: number; values: TUserUpdate }) => usersApi.edit.call(id, { body: values }),
    ...HOLDING_USERS,
  );
}

export function useSetUserAccess() {
  return useChange(
    ({ id, access }: { id: number; access: 'ALLOWED' | 'STOPPED' }) =>
      usersApi.setAccess.call(id, { body: { access } }),
    ...HOLDING_USERS,
  );
}

export function useDeleteUser() {
  return useChange((id: number) => usersApi.remove.call(id), ...HOLDING_USERS);
}

/** POST users/bulk: one change for the chosen users (ids, or the list's filters), all or none. */
export function useBulkUsers() {
  return useChange(
    (action: TUserBulkAction) => usersApi.bulk.call(undefined, { body: action }),
    ...HOLDING_USERS,
  );
}

/** Every user matching the filters as .xlsx (the API streams it). */
export function useExportUsers() {
  return useMutation({
    mutationFn: (query: Query) => downloadFile('users/export', query, 'users.xlsx'),
  });
}

/** What to import and how: `dryRun` only checks the file (the preview); `welcome` mails the created users. */
export interface UserImportRequest {
  file: File;
  dryRun: boolean;
  welcome: boolean;
}

/** POST users/import: the preview of a file, or applying it (all its rows or none). */
export function useImportUsers() {
  const invalidate = useInvalidate(...HOLDING_USERS);
  return useMutation({
    mutationFn: ({ file, dryRun, welcome }: UserImportRequest) => {
      const body = new FormData();
      body.set('file', file);
      return usersApi.import.call(undefined, {
        body,
        query: { dryRun: String(dryRun), welcome: String(welcome) },
      });
    },
    // A preview writes nothing: the lists are asked again only once a file was applied.
    onSuccess: (result) => (result.applied ? invalidate() : undefined),
  });
}

/** The import template, an empty sheet with the users export's headers. */
export function downloadImportTemplate(format: 'xlsx' | 'csv'): Promise<void> {
  return downloadFile('users/import/template', { format }, `users-import-template.${format}`);
}

/** The editable fields of a saved user, as PUT users/{id} expects them. */
export function toUpdateValues(user: TUserDetail): TUserUpdate {
  return {
    employeeCode: user.employeeCode,
    fullName: user.fullName ?? '',
    email: user.email,
    dateOfBirth: user.dateOfBirth ?? '',
    gender: user.gender ?? '',
    phone: user.phone ?? '',
    authorizedOn: user.authorizedOn ?? '',
    workplace: user.workplace ?? '',
    position: user.position ?? '',
    serviceId: user.serviceId,
    branchId: user.branchId,
    departmentId: user.departmentId,
    authorizationId: user.authorizationId,
    role: user.role,
  };
}
