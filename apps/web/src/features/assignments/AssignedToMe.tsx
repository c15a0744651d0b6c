import type { AssignmentState, TMyAssignment } from '@academy/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { formatDate } from '../../lib/format';
import { useCalendarLink } from './api';

const STATE_COLOR: Record<AssignmentState, string> = {
  OVERDUE: 'red',
  NOT_STARTED: 'gray',
  IN_PROGRESS: 'blue',
  DONE: 'green',
};

export function AssignmentStateBadge({ state }: { state: AssignmentState }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={STATE_COLOR[state]} data-testid="assignment-state">
      {t(`assignments.state.${state}`)}
    </Badge>
  );
}

/** My courses' "Assigned to me": each assignment with its due date and state, most urgent first. */
export function AssignedToMe({
  items,
  loading,
  error,
}: {
  items: TMyAssignment[] | undefined;
  loading: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation();
  if (loading) return <Loading />;
  if (error) return <Alert color="red">{error.message}</Alert>;
  return (
    <Stack gap="sm" data-testid="assigned-to-me">
      <Group justify="flex-end">
        <CalendarButton />
      </Group>
      {(items ?? []).length === 0 && (
        <Text c="dimmed" py="lg">
          {t('assignments.noneAssigned')}
        </Text>
      )}
      {(items ?? []).map((item) => (
        <Card key={item.assignmentId} withBorder padding="md" radius="md" data-testid="assignment-card">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
              <Anchor
                component={Link}
                to={item.courseId ? `/training-academy/course/${item.courseId}` : '/training-academy/roadmap'}
                fw={600}
                c="var(--academy-ink)"
              >
                {item.name}
              </Anchor>
              <Text fz="sm" c={item.state === 'OVERDUE' ? 'red.8' : 'dimmed'} data-testid="assignment-due">
                {item.recertification ? `${t('assignments.recertification')} · ` : ''}
                {item.state === 'DONE'
                  ? t('assignments.doneOn', { date: formatDate(item.completedAt) })
                  : t('assignments.dueOn', { date: formatDate(item.dueAt) })}
              </Text>
            </Stack>
            <AssignmentStateBadge state={item.state} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The personal calendar feed: its secret URL to copy, and a new one on demand. */
function CalendarButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { link, regenerate } = useCalendarLink(open);
  return (
    <>
      <Button
        variant="light"
        color="brand.9"
        size="xs"
        leftSection={<IconCalendarEvent size={16} />}
        onClick={() => setOpen(true)}
        data-testid="calendar-open"
      >
        {t('assignments.calendar')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('assignments.calendarTitle')} centered>
        <Stack gap="sm">
          <Text fz="sm">{t('assignments.calendarHelp')}</Text>
          {link.data ? (
            <TextInput
              readOnly
              value={link.data.url}
              aria-label={t('assignments.calendarUrl')}
              data-testid="calendar-url"
            />
          ) : (
            <Loading />
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={regenerate.isPending}
              onClick={() => regenerate.mutate()}
            >
              {t('assignments.calendarRegenerate')}
            </Button>
            {link.data && (
              <CopyButton value={link.data.url}>
                {({ copied, copy }) => (
                  <Button size="xs" color="brand.9" onClick={copy}>
                    {copied ? t('assignments.copied') : t('assignments.copy')}
                  </Button>
                )}
              </CopyButton>
            )}
          </Group>
          <Text fz="xs" c="dimmed">
            {t('assignments.calendarSecret')}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
