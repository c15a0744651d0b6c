import { type MantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { UserMenuButton } from './UserMenu';
import { userLinks } from './user-links';

const SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'userMenu.schemeAuto' },
  { value: 'light', label: 'userMenu.schemeLight' },
  { value: 'dark', label: 'userMenu.schemeDark' },
];

/**
 * The signed-in user's menu (loaded lazily by `UserMenu`); closes on an outside click. Its colour
 * scheme choice (system, light, dark) is remembered in this browser.
 */
export default function UserDropdownMenu(props: { opened: boolean; onChange: (opened: boolean) => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal {...props}>
      <Menu.Target>
        <UserMenuButton />
      </Menu.Target>
      <Menu.Dropdown>
        {userLinks(auth).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {t(link.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('userMenu.colorScheme')}</Menu.Label>
        {SCHEMES.map((scheme) => (
          <Menu.Item
            key={scheme.value}
            closeMenuOnClick={false}
            aria-current={colorScheme === scheme.value ? 'true' : undefined}
            leftSection={
              <IconCheck size={16} aria-hidden style={{ opacity: colorScheme === scheme.value ? 1 : 0 }} />
            }
            onClick={() => setColorScheme(scheme.value)}
            data-testid={`scheme-${scheme.value}`}
          >
            {t(scheme.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void auth.signOut()}>
          {t('auth.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
