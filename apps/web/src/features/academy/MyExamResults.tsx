import { EXAM_STATUS_WORD, percentText, type TMyProgress } from '@academy/contract';
import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { useMyProgress } from '../progress';

type Exam = TMyProgress['exams'][number];

/** My exam results on study-progress: best mark, attempts, in progress / passed / locked / failed. */
export function MyExamResults() {
  const { t } = useTranslation();
  const mine = useMyProgress();
  const columns: Column<Exam>[] = [
    {
      key: 'exam',
      header: t('progress.exam'),
      render: (e) => (
        <>
          <Text fz="sm" fw={600}>
            {e.lessonName}
          </Text>
          <Text fz="xs" c="dimmed">
            {e.courseName}
          </Text>
        </>
      ),
    },
    { key: 'attempts', header: t('progress.attemptCount'), width: 100, render: (e) => e.attempts },
    {
      key: 'best',
      header: t('progress.bestMark'),
      width: 100,
      render: (e) => <span data-testid="my-exam-best">{percentText(e.bestMark)}</span>,
    },
    {
      key: 'last',
      header: t('progress.lastAttempt'),
      width: 130,
      render: (e) => formatDate(e.lastAttemptAt),
    },
    {
      key: 'result',
      header: t('progress.result'),
      width: 120,
      render: (e) => <StatusBadge status={EXAM_STATUS_WORD[e.status]} testId="my-exam-status" />,
    },
  ];
  return (
    <>
      <Title order={2} c="var(--academy-ink)" fz={20} mt="xl" mb="sm">
        {t('progress.myExams')}
      </Title>
      <DataTable
        testId="my-exams"
        columns={columns}
        rows={mine.data?.exams}
        rowKey={(e) => e.examId}
        loading={mine.isPending}
        error={mine.error}
        emptyText={t('progress.noAttempts')}
      />
    </>
  );
}
