import type { TNotification } from '@academy/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAward,
  IconBell,
  IconCalendarDue,
  IconLock,
  IconLockOpen,
  IconMessageCircle,
  IconRoute,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePaginationLabels } from '../../components/pagination';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useMarkRead, useNotificationList, useUnreadCount } from './api';
import { notificationDetail, notificationText } from './notification-text';

const PAGE_SIZE = 20;

const ICONS = {
  QA_REPLY: IconMessageCircle,
  CERTIFICATE_ISSUED: IconAward,
  EXAM_UNLOCKED: IconLockOpen,
  EXAM_LOCKED: IconLock,
  ROADMAP_COURSE_ADDED: IconRoute,
  ASSIGNMENT_DUE: IconCalendarDue,
} as const;

function NotificationItem({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  const { t } = useTranslation();
  const Icon = ICONS[n.kind] ?? IconBell;
  const detail = notificationDetail(n);
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      p="md"
      data-testid="notification"
      data-read={n.read}
      style={{
        borderRadius: 12,
        background: n.read ? 'var(--mantine-color-body)' : 'var(--mantine-color-brand-0)',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        {n.actor?.avatar ? (
          <Avatar src={n.actor.avatar} alt="" radius="xl" />
        ) : (
          <ThemeIcon variant="light" color="brand" radius="xl" size={38} aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fz="sm" fw={n.read ? 400 : 600} c="var(--academy-ink)">
            {notificationText(t, n)}
          </Text>
          {detail && (
            <Text fz="sm" c="dimmed" lineClamp={2}>
              {detail}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {formatDateTime(n.createdAt)}
          </Text>
        </Stack>
        {!n.read && (
          <Badge color="accent.6" variant="filled" size="sm">
            {t('notifications.new')}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** /notifications: everything the person was told in the product, newest first. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageLabels = usePaginationLabels();
  const list = useListParams(PAGE_SIZE);
  const unreadOnly = list.filters.unread === 'true';
  const page = useNotificationList({
    page: list.page,
    size: list.size,
    ...(unreadOnly ? { unread: 'true' } : {}),
  });
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const pages = Math.max(1, Math.ceil((page.data?.total ?? 0) / list.size));
  const open = (n: TNotification) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    void navigate(n.url);
  };

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
        <Title order={1} c="var(--academy-ink)">
          {t('notifications.title')}
        </Title>
        <Anchor component={Link} to="/account/notifications" fz="sm">
          {t('notifications.choose')}
        </Anchor>
      </Group>
      <Group justify="space-between" mb="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('notifications.show')}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => list.update({ unread: value === 'unread' ? 'true' : null })}
          data={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unreadOnly', { count: unread }) },
          ]}
        />
        <Button
          variant="light"
          disabled={unread === 0}
          onClick={() => markRead.mutate({})}
          loading={markRead.isPending}
        >
          {t('notifications.markAll')}
        </Button>
      </Group>
      {page.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : page.data?.items.length ? (
        <Stack gap="sm" component="section" aria-label={t('notifications.title')}>
          {page.data.items.map((n) => (
            <NotificationItem key={n.id} n={n} onOpen={open} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text c="dimmed">{unreadOnly ? t('notifications.noneUnread') : t('notifications.empty')}</Text>
        </Paper>
      )}
      {pages > 1 && (
        <Group justify="center" mt="lg">
          <Pagination
            total={pages}
            value={list.page + 1}
            onChange={(p) => list.update({ page: p - 1 })}
            {...pageLabels}
          />
        </Group>
      )}
    </Container>
  );
}

export default NotificationsPage;
