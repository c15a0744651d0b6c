import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from './api';

/** The header's bell: how many notifications are unread; opens /notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useUnreadCount().data ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="accent.6"
      disabled={count === 0}
      offset={4}
      data-testid="notifications-unread"
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="brand.9"
        size="lg"
        radius="xl"
        aria-label={t('notifications.open', { count })}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
