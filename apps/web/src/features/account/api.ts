import type {
  TChangePassword,
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
import { endpoint } from '../../lib/endpoint';
import { useChange } from '../../lib/queries';

export const PROFILE_KEY = ['users', 'profile'] as const;

const accountApi = {
  profile: endpoint<TProfile>('GET', 'users/profile'),
  saveProfile: endpoint<TProfile>('PUT', 'users/info'),
  saveAvatar: endpoint<TProfile>('POST', 'users/avatar'),
  config: endpoint<TPublicConfig>('GET', 'config'),
  checkEmail: endpoint<TCheckEmailResult>('GET', 'users/check-email'),
  recoverPassword: endpoint<void>('POST', 'users/recovery-password'),
  resetPassword: endpoint<void>('POST', 'users/reset-password'),
  changePassword: endpoint<void>('PUT', 'users/change-password'),
  sessions: endpoint<TUserSession[]>('GET', 'users/sessions'),
  endSession: endpoint<null, string>('DELETE', (id) => `users/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: endpoint<{ ended: number }>('POST', 'users/sessions/sign-out-others'),
};

/** The signed-in user's own profile. */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => accountApi.profile.call() });
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
    mutationFn: (values: TProfileInput) => accountApi.saveProfile.call(undefined, { body: values }),
    onSuccess: saved,
  });
}

export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.set('avatar', file);
      return accountApi.saveAvatar.call(undefined, { body: data });
    },
    onSuccess: saved,
  });
}

/** Public sign-in settings: whether the academy or the external provider keeps passwords. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => accountApi.config.call(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function checkEmail(email: string) {
  return accountApi.checkEmail.call(undefined, { query: { email } });
}

export function useRecoveryPassword() {
  return useMutation({
    mutationFn: (values: TRecoveryPassword) => accountApi.recoverPassword.call(undefined, { body: values }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (values: TResetPassword) => accountApi.resetPassword.call(undefined, { body: values }),
  });
}

export const SESSIONS_KEY = ['users', 'sessions'] as const;

/** Where the signed-in user is signed in, the current browser marked. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => accountApi.sessions.call() });
}

export function useSignOutSession() {
  return useChange((id: string) => accountApi.endSession.call(id), SESSIONS_KEY);
}

export function useSignOutOtherSessions() {
  return useChange(() => accountApi.endOtherSessions.call(), SESSIONS_KEY);
}

/** PUT users/change-password (the old password, the new one twice). */
export const changePassword = (values: TChangePassword) =>
  accountApi.changePassword.call(undefined, { body: values });
