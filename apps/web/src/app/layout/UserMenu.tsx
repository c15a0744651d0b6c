import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { displayName, userLinks } from './user-links';

/** Avatar + name; opens links to my courses, account and management (closes on outside click). */
export function UserMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const name = displayName(auth, t('userMenu.adminFallback'));
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" aria-label={t('userMenu.open')}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={auth.user?.avatar} alt="" radius="xl" size={36} color="brand">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text fw={600} fz="sm" c="brand.9" visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
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
