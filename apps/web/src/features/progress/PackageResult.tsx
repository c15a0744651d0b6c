import { LESSON_STATUS_WORD, percentText, type TLearnerLesson, type TPackageResult } from '@academy/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { statusLabelKey } from '../../components/status';
import { formatDate } from '../../lib/format';

/** Seconds as "1 h 2 min", "12 min 5 s" or "5 s". */
export function studyDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h} h ${m} min`;
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** "Attempt 2 of 3", "2 attempts" (unlimited), "3 sessions" (cmi5). */
function attemptsText(t: TFunction, p: TPackageResult): string {
  if (p.kind === 'cmi5') return t('progress.package.sessions', { count: p.attempts });
  if (p.maxAttempts) return t('progress.package.attemptOf', { n: p.attempts, m: p.maxAttempts });
  return t('progress.package.attempts', { count: p.attempts });
}

/**
 * A SCORM or cmi5 lesson's package as staff and the learner read it (decision 150): its kind and
 * status, then score, time and attempts. Nothing for a lesson of another kind; "Not started" for a
 * package lesson never launched.
 */
export function PackageResult({ lesson }: { lesson: Pick<TLearnerLesson, 'contentKind' | 'package'> }) {
  const { t } = useTranslation();
  if (lesson.contentKind !== 'scorm' && lesson.contentKind !== 'cmi5') return null;
  const p = lesson.package;
  const kind = t(`progress.package.kinds.${lesson.contentKind}`);
  if (!p)
    return (
      <Text fz="xs" c="dimmed" data-testid="package-result">
        {kind} · {t(statusLabelKey('NOT_STARTED'))}
      </Text>
    );
  return (
    <Stack gap={2} data-testid="package-result">
      <Group gap={6} wrap="nowrap">
        <Text fz="xs" fw={600}>
          {kind}
        </Text>
        <StatusBadge size="xs" status={LESSON_STATUS_WORD[p.status]} />
      </Group>
      <Text fz="xs" c="dimmed">
        {[
          p.scorePercent === null
            ? t('progress.package.noScore')
            : t('progress.package.score', { value: p.scorePercent }),
          studyDuration(p.totalSeconds),
          attemptsText(t, p),
        ].join(' · ')}
      </Text>
    </Stack>
  );
}

type PackageRow = TLearnerLesson & { courseName: string };

/** My progress: the learner's SCORM and cmi5 lessons with their packages' results; nothing when none. */
export function MyPackageLessons({
  courses,
}: {
  courses: { courseName: string; lessons: TLearnerLesson[] }[];
}) {
  const { t } = useTranslation();
  const rows: PackageRow[] = courses.flatMap((c) =>
    c.lessons.filter((l) => l.package !== null).map((l) => ({ ...l, courseName: c.courseName })),
  );
  if (rows.length === 0) return null;
  const columns: Column<PackageRow>[] = [
    {
      key: 'lesson',
      header: t('progress.lesson'),
      render: (l) => (
        <>
          <Text fz="sm" fw={600}>
            {l.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {l.courseName}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('progress.status'),
      width: 120,
      render: (l) =>
        l.package && <StatusBadge status={LESSON_STATUS_WORD[l.package.status]} testId="my-package-status" />,
    },
    {
      key: 'score',
      header: t('progress.package.scoreColumn'),
      width: 80,
      render: (l) => percentText(l.package?.scorePercent),
    },
    {
      key: 'time',
      header: t('progress.time'),
      width: 110,
      render: (l) => studyDuration(l.package?.totalSeconds ?? 0),
    },
    {
      key: 'attempts',
      header: t('progress.attemptCount'),
      width: 120,
      render: (l) => (l.package ? attemptsText(t, l.package) : '—'),
    },
    {
      key: 'last',
      header: t('progress.lastStudied'),
      width: 120,
      render: (l) => formatDate(l.package?.lastAt),
    },
  ];
  return (
    <>
      <Title order={2} c="var(--academy-ink)" fz={20} mt="xl" mb="sm">
        {t('progress.package.myTitle')}
      </Title>
      <DataTable testId="my-package-lessons" columns={columns} rows={rows} rowKey={(l) => l.id} />
    </>
  );
}
