import { Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AuthFailure } from './AuthFailure';
import { useAuth } from './AuthProvider';

/** Renders children for signed-in users; anyone else is sent to the provider's sign-in page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signIn, signInFailure } = useAuth();
  const location = useLocation();
  const here = location.pathname + location.search;
  const failed = signInFailure !== undefined;

  useEffect(() => {
    if (status === 'anonymous' && !failed) void signIn(here);
  }, [status, signIn, here, failed]);

  if (signInFailure && status !== 'signedIn') {
    return <AuthFailure failure={signInFailure} onRetry={() => void signIn(here)} />;
  }

  if (status !== 'signedIn') {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  return <>{children}</>;
}
