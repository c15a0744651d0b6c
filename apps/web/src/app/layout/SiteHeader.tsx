import { Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NotificationBell } from '../../features/notifications';
import { HeaderSearch } from '../../features/search';
import { drawnSignedIn, useAuth } from '../auth/AuthProvider';
import { Brand } from './Brand';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NewsMenu } from './NewsMenu';
import { NAV_ITEMS } from './nav-items';
import classes from './SiteHeader.module.css';
import { UserMenu } from './UserMenu';

// The phone menu loads when first opened; it stays mounted afterwards so it can animate closed.
const MobileDrawer = lazy(() => import('./MobileDrawer'));

export function SiteHeader() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { status, signIn } = auth;
  // A stored session draws the user's button and bell at once (the name fills in when users/info
  // answers) rather than a sign-in button that they replace.
  const signedIn = drawnSignedIn(auth);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  return (
    <header className={classes.header} data-testid="site-header">
      <div className={classes.inner}>
        <Brand />
        <Group gap={4} component="nav" aria-label={t('nav.main')} visibleFrom="md">
          {NAV_ITEMS.map((item) =>
            item.key === 'news' ? (
              <NewsMenu key={item.key} />
            ) : item.key === 'academy' && status === 'anonymous' ? (
              <button
                key={item.key}
                type="button"
                className={classes.link}
                onClick={() => void signIn(item.to)}
              >
                {t(item.label)}
              </button>
            ) : (
              <NavLink
                key={item.key}
                to={item.to}
                className={classes.link}
                data-active={undefined}
                style={({ isActive }) => (isActive ? { color: 'var(--academy-accent-text)' } : undefined)}
              >
                {t(item.label)}
              </NavLink>
            ),
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <HeaderSearch />
          <Group gap="xs" visibleFrom="md">
            <LanguageSwitcher />
          </Group>
          {signedIn && (
            <Group visibleFrom="sm">
              <NotificationBell />
            </Group>
          )}
          {signedIn ? (
            <UserMenu />
          ) : (
            <Button visibleFrom="md" color="accent.6" onClick={() => void signIn()}>
              {t('auth.signIn')}
            </Button>
          )}
          <Burger
            hiddenFrom="md"
            opened={drawerOpened}
            onClick={() => {
              setDrawerUsed(true);
              drawer.toggle();
            }}
            aria-label={t('nav.openMenu')}
            data-testid="mobile-menu-button"
          />
        </Group>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
    </header>
  );
}
