import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { loadAllStrings } from '../../lib/i18n';
import { drawnSignedIn, mustChangePassword, useAuth } from '../auth/AuthProvider';
import { AcademyNav } from './AcademyNav';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

// Only users with a temporary password need it: keep it (and the form library) out of the first load.
const ChangePasswordScreen = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/account/ChangePasswordScreen'),
    loadAllStrings(),
  ]);
  return { default: module.ChangePasswordScreen };
});

/** Header, page, footer. The footer is left out on academy pages for signed-in learners. */
export function PublicLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  // A learner's academy page, also while a stored session's user is on its way: the menu is
  // there from the first paint instead of pushing the page down when users/info answers.
  const learnerAcademy = pathname.startsWith('/training-academy') && drawnSignedIn(auth);

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      {learnerAcademy && !mustChangePassword(auth) && <AcademyNav />}
      {/* At least a screen high: the footer is never painted in view and then pushed down as the
          page's data arrives (layout shift, issue 21). */}
      <Box component="main" id="main" style={{ flex: 1, minHeight: '100vh' }}>
        {mustChangePassword(auth) ? (
          <Suspense
            fallback={
              <Center mih="40vh">
                <Loader />
              </Center>
            }
          >
            <ChangePasswordScreen />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </Box>
      {!learnerAcademy && <SiteFooter />}
    </Box>
  );
}
