import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { forgetProgressSearchOutside } from '../../features/progress/saved-search';
import { mustChangePassword, useAuth } from '../auth/AuthProvider';
import { PageLoadingOverlay } from './PageLoadingOverlay';

/**
 * Wraps every page: the loading overlay while a lazy page loads, and the temporary-password
 * gate (SPEC §2: such a user sees only the change-password screen at / and is sent back to /).
 */
export function Root() {
  const navigation = useNavigation();
  const auth = useAuth();
  const { pathname } = useLocation();
  // SPEC §4: the progress report's saved search resets once the path leaves the progress pages.
  useEffect(() => forgetProgressSearchOutside(pathname), [pathname]);

  if (mustChangePassword(auth) && pathname !== '/' && !pathname.startsWith('/auth/')) {
    return <Navigate to="/" replace />;
  }
  return (
    <>
      <PageLoadingOverlay visible={navigation.state === 'loading'} />
      <Outlet />
      {/* New pages open at the top; back and forward return to where the reader was. */}
      <ScrollRestoration />
    </>
  );
}
