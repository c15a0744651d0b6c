import type { TUserCreate, TUserDetail, TUserListItem, TUserUpdate } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, downloadFile, type Query } from '../../lib/api';

export const USERS_KEY = ['users', 'admin'] as const;

/** One page of users: q (code, name, email), serviceId, branchId, departmentId, authorizationId, access, sort. */
export function useUserList(query: Query) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: () => apiList<TUserListItem>('users', query),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: [...USERS_KEY, 'one', id],
    queryFn: () => api<TUserDetail>(`users/${id}`),
    enabled: id !== undefined,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: USERS_KEY }),
      // Departments and authorizations show how many users they hold.
      queryClient.invalidateQueries({ queryKey: ['departments'] }),
      queryClient.invalidateQueries({ queryKey: ['authorizations'] }),
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (values: TUserCreate) => api<TUserDetail>('users', { method: 'POST', body: values }),
    onSuccess: invalidate,
  });
}

/** PUT users/{id}; a non-empty password resets it to a new temporary one. */
export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: TUserUpdate }) =>
      api<TUserDetail>(`users/${id}`, { method: 'PUT', body: values }),
    onSuccess: invalidate,
  });
}

export function useSetUserAccess() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, access }: { id: number; access: 'ALLOWED' | 'STOPPED' }) =>
      api<TUserDetail>(`users/${id}/access`, { method: 'PATCH', body: { access } }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api(`users/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Every user matching the filters as .xlsx (the API streams it). */
export function useExportUsers() {
  return useMutation({
    mutationFn: (query: Query) => downloadFile('users/export', query, 'users.xlsx'),
  });
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
