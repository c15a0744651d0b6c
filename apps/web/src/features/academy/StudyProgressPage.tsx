import { COURSE_STATUS_WORD, type TMyCourse } from '@academy/contract';
import {
  Anchor,
  Container,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBook2, IconCertificate, IconChartBar, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { EarlierCycles, MyPackageLessons, useMyProgress } from '../progress';
import { useMyCourses, useMyHistory } from './api';
import { MyCertificates } from './MyCertificates';
import { MyExamResults } from './MyExamResults';
import { TranscriptDownload } from './TranscriptDownload';

/** /training-academy/study-progress: my progress in every course I started, and my history. */
export function StudyProgressPage() {
  const { t } = useTranslation();
  const mine = useMyCourses();
  const history = useMyHistory();
  const progress = useMyProgress();
  const cycles = progress.data?.cycles ?? [];
  const courses = mine.data ?? [];
  const finished = history.data ?? [];
  const lessonsPassed = courses.reduce((sum, c) => sum + c.passedLessons, 0);
  const lessonsTotal = courses.reduce((sum, c) => sum + c.lessonCount, 0);
  const average = courses.length
    ? Math.floor(courses.reduce((sum, c) => sum + c.percent, 0) / courses.length)
    : 0;

  const columns: Column<TMyCourse>[] = [
    {
      key: 'name',
      header: t('academy.course'),
      render: (course) => (
        <Stack gap={2} miw={180}>
          <Anchor
            component={Link}
            to={`/training-academy/course/${course.id}`}
            fw={600}
            c="var(--academy-ink)"
          >
            {course.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {course.serviceName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'progress',
      header: t('academy.progress'),
      width: 220,
      render: (course) => (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={course.percent}
            color="accent.6"
            style={{ flex: 1 }}
            aria-label={t('academy.progress')}
          />
          <Text fz="sm" fw={700} w={40} ta="right">
            {course.percent}%
          </Text>
        </Group>
      ),
    },
    {
      key: 'lessons',
      header: t('academy.lessons'),
      width: 110,
      render: (course) => `${course.passedLessons} / ${course.lessonCount}`,
    },
    {
      key: 'status',
      header: t('academy.status'),
      width: 130,
      render: (course) => (
        <StatusBadge status={COURSE_STATUS_WORD[course.status]} size="md" testId="course-status" />
      ),
    },
    {
      key: 'last',
      header: t('academy.lastStudiedColumn'),
      width: 140,
      render: (course) => formatDate(course.lastStudiedAt),
    },
  ];

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="center" gap="sm" mb="lg">
        <Title order={1} c="var(--academy-ink)" fz={{ base: 26, md: 32 }}>
          {t('academy.myProgress')}
        </Title>
        <TranscriptDownload />
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mb="xl" data-testid="progress-summary">
        <Stat icon={<IconBook2 size={20} />} label={t('academy.coursesStarted')} value={courses.length} />
        <Stat
          icon={<IconCertificate size={20} />}
          label={t('academy.coursesFinished')}
          value={finished.length}
        />
        <Stat
          icon={<IconCircleCheck size={20} />}
          label={t('academy.lessonsPassedLabel')}
          value={`${lessonsPassed} / ${lessonsTotal}`}
        />
        <Stat icon={<IconChartBar size={20} />} label={t('academy.averageProgress')} value={`${average}%`} />
      </SimpleGrid>
      <Title order={2} c="var(--academy-ink)" fz={20} mb="sm">
        {t('academy.myCoursesProgress')}
      </Title>
      <DataTable
        testId="progress-table"
        columns={columns}
        rows={mine.data}
        rowKey={(course) => course.id}
        loading={mine.isPending}
        error={mine.error}
        numbered
        emptyText={t('academy.noCourses')}
      />
      <Title order={2} c="var(--academy-ink)" fz={20} mt="xl" mb="sm">
        {t('academy.history')}
      </Title>
      {history.data?.length === 0 && <Text c="dimmed">{t('academy.noFinished')}</Text>}
      <Stack gap="xs" data-testid="history">
        {finished.map((course) => (
          <Paper key={course.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon color="green.7" radius="xl" aria-hidden>
                  <IconCertificate size={16} />
                </ThemeIcon>
                <Anchor
                  component={Link}
                  to={`/training-academy/course/${course.id}`}
                  fw={600}
                  c="var(--academy-ink)"
                  lineClamp={1}
                >
                  {course.name}
                </Anchor>
              </Group>
              <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDate(course.finishedAt)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      {cycles.length > 0 && (
        <>
          <Title order={2} c="var(--academy-ink)" fz={20} mt="xl" mb={4}>
            {t('progress.earlierCycles')}
          </Title>
          <Text c="dimmed" fz="sm" mb="sm">
            {t('progress.earlierCyclesHint')}
          </Text>
          <EarlierCycles cycles={cycles} />
        </>
      )}
      <MyPackageLessons courses={progress.data?.courses ?? []} />
      <MyExamResults />
      <MyCertificates />
    </Container>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" color="brand.9" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fz="xl" fw={700} c="var(--academy-ink)" lh={1.1}>
            {value}
          </Text>
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

export default StudyProgressPage;
