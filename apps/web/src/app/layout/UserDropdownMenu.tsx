import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { UserMenuButton } from './UserMenu';
import { userLinks } from './user-links';

/** The signed-in user's menu (loaded lazily by `UserMenu`); closes on an outside click. */
export default function UserDropdownMenu(props: { opened: boolean; onChange: (opened: boolean) => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
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
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void auth.signOut()}>
          {t('auth.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
