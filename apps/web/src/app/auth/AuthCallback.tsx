import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from './AuthProvider';
import { getUserManager } from './oidc';

/** /auth/callback: finishes the code + PKCE exchange and returns to where sign-in started. */
export function AuthCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { markSignedIn, signIn } = useAuth();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const manager = await getUserManager();
        const user = await manager.signinRedirectCallback();
        markSignedIn();
        const state = user.state as { returnTo?: string } | undefined;
        const returnTo = state?.returnTo?.startsWith('/') ? state.returnTo : '/';
        navigate(returnTo, { replace: true });
      } catch {
        setFailed(true);
      }
    })();
  }, [markSignedIn, navigate]);

  return (
    <Center mih="60vh">
      {failed ? (
        <Stack align="center">
          <Alert color="red" title={t('auth.callbackFailed')} />
          <Button onClick={() => void signIn('/')}>{t('auth.signIn')}</Button>
        </Stack>
      ) : (
        <Loader aria-label={t('common.loading')} />
      )}
    </Center>
  );
}
