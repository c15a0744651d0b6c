import { PROGRESS_STATUS_WORD, PROGRESS_STATUSES, type TProgressSummary } from '@academy/contract';
import { Group, Paper, Progress, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, statusLabelKey } from '../../components/status';

/** The charts above the report: completion rate, learners per status, exam pass rate per course. */
export function ProgressDashboard({ summary }: { summary: TProgressSummary | undefined }) {
  const { t } = useTranslation();
  const rows = summary?.rows ?? 0;
  const rates = summary?.examPassRates ?? [];
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="lg" data-testid="progress-dashboard">
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" c="var(--academy-ink)" mb="sm">
          {t('progress.completionRate')}
        </Title>
        <Group wrap="nowrap">
          <RingProgress
            size={120}
            thickness={12}
            roundCaps
            sections={[{ value: summary?.completionRate ?? 0, color: 'green' }]}
            label={
              <Text ta="center" fw={700} fz="lg" data-testid="completion-rate">
                {summary?.completionRate ?? 0}%
              </Text>
            }
          />
          <Stack gap={2}>
            <Text fz="sm">{t('progress.learnersCount', { count: summary?.learners ?? 0 })}</Text>
            <Text fz="sm" c="dimmed">
              {t('progress.rowsCount', { count: rows })}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" c="var(--academy-ink)" mb="sm">
          {t('progress.perStatus')}
        </Title>
        <Stack gap={8}>
          {PROGRESS_STATUSES.map((status) => {
            const count = summary?.byStatus[status] ?? 0;
            const word = PROGRESS_STATUS_WORD[status];
            return (
              <div key={status} data-testid={`status-bar-${status}`}>
                <Group justify="space-between" gap="xs">
                  <Text fz="sm">{t(statusLabelKey(word))}</Text>
                  <Text fz="sm" fw={600}>
                    {count}
                  </Text>
                </Group>
                <Progress
                  value={rows ? (count * 100) / rows : 0}
                  color={STATUS_COLOR[word]}
                  size="sm"
                  aria-label={t(statusLabelKey(word))}
                />
              </div>
            );
          })}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" c="var(--academy-ink)" mb="sm">
          {t('progress.examPassRate')}
        </Title>
        {rates.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('progress.noExams')}
          </Text>
        )}
        <Stack gap={8} mah={180} style={{ overflowY: 'auto' }}>
          {rates.map((rate) => (
            <div key={rate.courseId}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm" truncate>
                  {rate.courseName}
                </Text>
                <Text fz="sm" fw={600} style={{ flexShrink: 0 }}>
                  {rate.rate}% ({rate.passed}/{rate.attempts})
                </Text>
              </Group>
              <Progress value={rate.rate} color="accent.6" size="sm" aria-label={rate.courseName} />
            </div>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
