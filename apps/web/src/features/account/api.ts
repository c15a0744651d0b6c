import type {
  TCheckEmailResult,
  TProfile,
  TProfileInput,
  TPublicConfig,
  TRecoveryPassword,
  TResetPassword,
  TUserSession,
} from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../app/auth/AuthProvider';
import { api } from '../../lib/api';

export const PROFILE_KEY = ['users', 'profile'] as const;

/** The signed-in user's own profile. */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => api<TProfile>('users/profile') });
}

function useProfileSaved() {
  const queryClient = useQueryClient();
  return async (profile: TProfile) => {
    queryClient.setQueryData(PROFILE_KEY, profile);
    // The header shows the name and the avatar from users/info.
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (values: TProfileInput) => api<TProfile>('users/info', { method: 'PUT', body: values }),
    onSuccess: saved,
  });
}

export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.set('avatar', file);
      return api<TProfile>('users/avatar', { method: 'POST', body: data });
    },
    onSuccess: saved,
  });
}

/** Public sign-in settings: whether the academy or the external provider keeps passwords. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api<TPublicConfig>('config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function checkEmail(email: string) {
  return api<TCheckEmailResult>('users/check-email', { query: { email } });
}

export function useRecoveryPassword() {
  return useMutation({
    mutationFn: (values: TRecoveryPassword) =>
      api('users/recovery-password', { method: 'POST', body: values }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (values: TResetPassword) => api('users/reset-password', { method: 'POST', body: values }),
  });
}

export const SESSIONS_KEY = ['users', 'sessions'] as const;

/** Where the signed-in user is signed in, the current browser marked. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api<TUserSession[]>('users/sessions') });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`users/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ended: number }>('users/sessions/sign-out-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
