import { Button, Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../features/org/api';
import { useAuth } from '../auth/AuthProvider';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NAV_ITEMS } from './nav-items';
import { userLinks } from './user-links';

/** The phone menu: the header's items, the user's links, sign in/out and the language. */
export default function MobileDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const services = useServices().data ?? [];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('nav.menu')}
      position="right"
      size="xs"
      hiddenFrom="md"
    >
      <Stack gap={0} data-testid="mobile-drawer">
        {NAV_ITEMS.map((item) =>
          item.key === 'news' ? (
            <MantineNavLink key={item.key} label={t(item.label)} defaultOpened childrenOffset="md">
              {services.map((service) => (
                <MantineNavLink
                  key={service.id}
                  component={Link}
                  to={`/news?service=${service.id}`}
                  label={service.name}
                  onClick={onClose}
                />
              ))}
            </MantineNavLink>
          ) : item.key === 'academy' && auth.status === 'anonymous' ? (
            <MantineNavLink key={item.key} label={t(item.label)} onClick={() => void auth.signIn(item.to)} />
          ) : (
            <MantineNavLink
              key={item.key}
              component={Link}
              to={item.to}
              label={t(item.label)}
              onClick={onClose}
            />
          ),
        )}
        <Divider my="sm" />
        <MantineNavLink component={Link} to="/search" label={t('search.title')} onClick={onClose} />
        {auth.status === 'signedIn' && (
          <MantineNavLink
            component={Link}
            to="/notifications"
            label={t('notifications.title')}
            onClick={onClose}
          />
        )}
        {auth.status === 'signedIn' &&
          userLinks(auth).map((link) => (
            <MantineNavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={t(link.label)}
              onClick={onClose}
            />
          ))}
        <Stack mt="md" gap="sm">
          <LanguageSwitcher />
          {auth.status === 'signedIn' ? (
            <Button variant="light" color="red" onClick={() => void auth.signOut()}>
              {t('auth.signOut')}
            </Button>
          ) : (
            <Button color="accent.6" onClick={() => void auth.signIn()}>
              {t('auth.signIn')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Drawer>
  );
}
