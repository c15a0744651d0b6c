import { Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from './AuthProvider';

/** Renders children for signed-in users; anyone else is sent to the provider's sign-in page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signIn } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (status === 'anonymous') void signIn(location.pathname + location.search);
  }, [status, signIn, location.pathname, location.search]);

  if (status !== 'signedIn') {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  return <>{children}</>;
}
