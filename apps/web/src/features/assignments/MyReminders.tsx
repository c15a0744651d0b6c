import type { TMyReminder } from '@academy/contract';
import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { formatDateTime, formatDay } from '../../lib/format';
import { useMyReminders } from './api';

const KIND_COLOR: Record<TMyReminder['kind'], string> = { BEFORE: 'blue', DUE: 'orange', OVERDUE: 'red' };

/**
 * The account page's list of the reminder mails sent to me (issue 24, point 3; decision 108):
 * which assignment, the occasion (before the due day, on it, overdue) and when, newest first.
 */
export function MyReminders() {
  const { t } = useTranslation();
  const reminders = useMyReminders();
  return (
    <Paper withBorder p="lg" radius="lg" maw={720} data-testid="my-reminders">
      <Title order={2} fz="h3" mb="xs">
        {t('assignments.reminders.title')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('assignments.reminders.intro')}
      </Text>
      {reminders.isPending && <Loading py="lg" />}
      {reminders.error && <Alert color="red">{reminders.error.message}</Alert>}
      {reminders.data?.length === 0 && (
        <Text fz="sm" data-testid="no-reminders">
          {t('assignments.reminders.none')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {reminders.data?.map((reminder) => (
          <Paper
            key={`${reminder.assignmentId}-${reminder.sentAt}-${reminder.kind}`}
            component="li"
            withBorder
            p="sm"
            radius="md"
            data-testid="reminder"
          >
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
                <Anchor component={Link} to="/training-academy" fw={600} c="var(--academy-ink)">
                  {reminder.name}
                </Anchor>
                <Text fz="sm" c="dimmed">
                  {t('assignments.reminders.sent', {
                    due: formatDay(reminder.dueOn),
                    sent: formatDateTime(reminder.sentAt),
                  })}
                </Text>
              </Stack>
              <Badge variant="light" color={KIND_COLOR[reminder.kind]} data-testid="reminder-kind">
                {t(`assignments.reminders.kind.${reminder.kind}`)}
              </Badge>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
