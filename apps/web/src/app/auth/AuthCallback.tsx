import type { TCurrentUser } from '@academy/contract';
import { Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { AuthFailure } from './AuthFailure';
import { useAuth } from './AuthProvider';
import { type SignInFailure, signInFailure } from './failure';
import { getUserManager, signOutAtProvider } from './oidc';
import { keepCurrentUser } from './stored-session';

/**
 * /auth/callback: finishes the code + PKCE exchange (state and nonce checked by oidc-client-ts),
 * asks the API who that is, and returns to where sign-in started. Any failure — the provider's
 * error, a state or nonce that does not match, an account the academy refuses — stays on this
 * page with what happened and what to do.
 */
export function AuthCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { markSignedIn, signIn } = useAuth();
  const [failure, setFailure] = useState<SignInFailure>();
  const [idToken, setIdToken] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const manager = await getUserManager();
        const user = await manager.signinRedirectCallback();
        setIdToken(user.id_token);
        try {
          keepCurrentUser(await api<TCurrentUser>('users/info'));
        } catch (error) {
          // Signed in at the provider, refused here: forget the tokens, keep the provider's answer.
          await manager.removeUser();
          throw error;
        }
        markSignedIn();
        const state = user.state as { returnTo?: string } | undefined;
        const returnTo = state?.returnTo?.startsWith('/') ? state.returnTo : '/';
        navigate(returnTo, { replace: true });
      } catch (error) {
        setFailure(signInFailure(error));
      }
    })();
  }, [markSignedIn, navigate]);

  if (failure) {
    return (
      <AuthFailure
        failure={failure}
        onRetry={() => void signIn('/')}
        onSignOutProvider={failure.kind === 'refused' ? () => void signOutAtProvider(idToken) : undefined}
      />
    );
  }
  return (
    <Center mih="60vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

export default AuthCallback;
