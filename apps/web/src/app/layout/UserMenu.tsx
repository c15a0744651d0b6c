import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthProvider';
import { useDeferredLoad } from './use-deferred-load';
import { displayName } from './user-links';

const UserDropdownMenu = lazy(() => import('./UserDropdownMenu'));

/** The avatar-and-name button, shared by the plain and the dropdown versions. */
export function UserMenuButton(
  props: { ref?: React.Ref<HTMLButtonElement> } & React.HTMLAttributes<HTMLButtonElement>,
) {
  const { t } = useTranslation();
  const auth = useAuth();
  const name = displayName(auth, t('userMenu.adminFallback'));
  return (
    // The accessible name starts with the name shown, as speech input users say it (WCAG 2.5.3).
    <UnstyledButton data-testid="user-menu" aria-label={t('userMenu.openFor', { name })} {...props}>
      <Group gap={8} wrap="nowrap">
        {/* No initial letter: text in the button beyond the name would break WCAG 2.5.3. */}
        <Avatar src={auth.user?.avatar} alt="" radius="xl" size={36} color="brand" aria-hidden />
        <Text fw={600} fz="sm" c="var(--academy-ink)" visibleFrom="sm" maw={160} truncate>
          {name}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/**
 * Avatar + name; opens links to my courses, account and management. The menu itself loads after
 * the first render (or on the first click), like the News dropdown, to keep the first load small.
 */
export function UserMenu() {
  const [wanted, request] = useDeferredLoad();
  // Controlled, so a press on the placeholder opens the menu whenever the real one mounts.
  const [opened, setOpened] = useState(false);
  const open = () => {
    setOpened(true);
    request();
  };
  const plainButton = (
    <UserMenuButton onPointerEnter={request} onFocus={request} onPointerDown={open} onClick={open} />
  );
  if (!wanted) return plainButton;
  return (
    <Suspense fallback={plainButton}>
      <UserDropdownMenu opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
