import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResultState } from '../../../components/management';
import { useLockedLearners, useUnlockLearner } from '../api';

/** Learners locked out after too many failed attempts, each with an unlock button. */
export function LockedLearnersCard({ lessonId, result }: { lessonId: number; result: ResultState }) {
  const { t } = useTranslation();
  const locked = useLockedLearners(lessonId, true);
  const unlock = useUnlockLearner(lessonId);
  const rows = locked.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="locked-learners">
      <Title order={2} size="h4" c="var(--academy-ink)" mb="xs">
        {t('exams.lockedLearners')}
      </Title>
      {locked.error && <Alert color="red">{locked.error.message}</Alert>}
      {rows.length === 0 && !locked.isPending && (
        <Text fz="sm" c="dimmed">
          {t('exams.nobodyLocked')}
        </Text>
      )}
      <Stack gap="xs">
        {rows.map((row) => (
          <Group key={row.userId} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} truncate>
                {row.fullName ?? row.employeeCode}
              </Text>
              <Text fz="xs" c="dimmed">
                {row.employeeCode} · {t('exams.failedCount', { count: row.failedAttempts })}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              color="accent.6"
              leftSection={<IconLockOpen size={14} />}
              loading={unlock.isPending && unlock.variables === row.userId}
              onClick={() =>
                unlock.mutate(row.userId, {
                  onSuccess: () =>
                    result.succeed(t('exams.unlocked', { name: row.fullName ?? row.employeeCode })),
                  onError: result.fail,
                })
              }
              data-testid="unlock-learner"
            >
              {t('exams.unlock')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
