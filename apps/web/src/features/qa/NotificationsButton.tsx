import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useMarkRead, useNotifications, useUnreadCount } from './api';

/** The bell of the Q&A area: unread count, and the latest notifications in a popover. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(opened);
  const markRead = useMarkRead();
  const count = unread.data ?? 0;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow>
      <Popover.Target>
        <Indicator
          label={count > 99 ? '99+' : count}
          size={18}
          color="accent.6"
          disabled={count === 0}
          offset={4}
          data-testid="qa-unread"
        >
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            aria-label={t('qa.notifications.open', { count })}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="qa-notifications">
        <Group justify="space-between" px="xs" pb="xs">
          <Text fw={700} c="brand.9" fz="sm">
            {t('qa.notifications.title')}
          </Text>
          {count > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={() => markRead.mutate({})}>
              {t('qa.notifications.markAll')}
            </Button>
          )}
        </Group>
        {list.isPending && <Loader size="sm" m="sm" />}
        {list.data?.items.length === 0 && (
          <Text c="dimmed" fz="sm" p="xs">
            {t('qa.notifications.empty')}
          </Text>
        )}
        <ScrollArea.Autosize mah={360}>
          <Stack gap={2}>
            {list.data?.items.map((n) => (
              <UnstyledButton
                key={n.id}
                p="xs"
                style={{ borderRadius: 8, background: n.read ? undefined : 'var(--mantine-color-brand-0)' }}
                onClick={() => {
                  setOpened(false);
                  if (!n.read) markRead.mutate({ ids: [n.id] });
                  void navigate(`/training-academy/qa/${n.questionId}`);
                }}
              >
                <Text fz="sm" lineClamp={2}>
                  {t('qa.notifications.replied', {
                    name: n.actor?.fullName ?? t('qa.formerEmployee'),
                    title: n.questionTitle,
                  })}
                </Text>
                {n.excerpt && (
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {n.excerpt}
                  </Text>
                )}
                <Text fz="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
