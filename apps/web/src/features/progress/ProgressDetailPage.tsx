import {
  attemptStatusWord,
  LESSON_STATUS_WORD,
  PROGRESS_STATUS_WORD,
  percentText,
  type TExamStanding,
  type TLearnerProgress,
} from '@academy/contract';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClockPlus, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import {
  CellLines,
  type Column,
  DataTable,
  PageHeader,
  ResultDialog,
  usePermission,
  useResult,
} from '../../components/management';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { AccommodationDialog, type AccommodationTarget } from './AccommodationDialog';
import { useAccommodations, useLearnerProgress, useUnlockExam } from './api';
import { EarlierCycles } from './EarlierCycles';
import { BackToProgress, LearnerHeader, LinkButton } from './LearnerHeader';
import { PackageResult } from './PackageResult';

type Attempt = TLearnerProgress['attempts'][number];

/** Seconds as "12 min 5 s". */
function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** /management/progress/detail/{id}: a learner's courses and lessons, exam attempts, locked exams. */
export function ProgressDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const progress = useLearnerProgress(id);
  const unlock = useUnlockExam();
  const [toUnlock, setToUnlock] = useState<TExamStanding | null>(null);
  const [toAccommodate, setToAccommodate] = useState<AccommodationTarget | null>(null);
  const accommodations = useAccommodations(id);
  // The learner's certificates are in the certificates area: a link there only for its holders.
  const seesCertificates = usePermission('CERTIFICATE_MANAGEMENT');
  const result = useResult();

  if (progress.isPending) return <Loading />;
  if (progress.error) return <Alert color="red">{progress.error.message}</Alert>;
  const { user, courses, attempts, standings, cycles } = progress.data;
  const locked = standings.filter((s) => s.locked);
  const accommodationOf = (examId: number) => accommodations.data?.items.find((a) => a.examId === examId);

  const attemptColumns: Column<Attempt>[] = [
    {
      key: 'exam',
      header: t('progress.exam'),
      render: (a) => <CellLines main={a.lessonName} strong sub={a.courseName} miw={160} />,
    },
    {
      key: 'mark',
      header: t('progress.mark'),
      width: 70,
      render: (a) => percentText(a.mark),
    },
    { key: 'number', header: t('progress.attempt'), width: 80, render: (a) => a.number },
    {
      key: 'status',
      header: t('progress.status'),
      width: 120,
      // In progress, passed, failed or time out: a running attempt is never shown as failed.
      render: (a) => <StatusBadge status={attemptStatusWord(a)} testId="attempt-status" />,
    },
    { key: 'ip', header: t('progress.ip'), width: 120, render: (a) => a.ip ?? '—' },
    { key: 'time', header: t('progress.time'), width: 160, render: (a) => formatDateTime(a.startedAt) },
    {
      key: 'result',
      header: t('progress.result'),
      width: 100,
      render: (a) => (a.result ? <StatusBadge status={a.result} testId="attempt-result" /> : '—'),
    },
    {
      key: 'cheating',
      header: t('progress.cheating'),
      width: 100,
      render: (a) => (
        <>
          {a.cheating ? (
            <Badge
              size="sm"
              color="red"
              leftSection={<IconAlertTriangle size={10} />}
              data-testid="cheating-flag"
            >
              {t('progress.yes')}
            </Badge>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('progress.no')}
            </Text>
          )}
          {a.flags.blurs > 0 && (
            <Text fz="xs" c="var(--academy-accent-text)" data-testid="blur-count">
              {t('exams.blurs', { count: a.flags.blurs })}
            </Text>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <BackToProgress />
      <PageHeader title={t('progress.detailTitle')} />
      <LearnerHeader
        user={user}
        actions={
          <>
            <LinkButton to={`/management/progress/detail/${id}/login-history`}>
              {t('progress.loginHistory')}
            </LinkButton>
            {seesCertificates && (
              <LinkButton to={`/management/certificate/${id}`}>
                {t('certificates.userCertificates')}
              </LinkButton>
            )}
          </>
        }
      />
      {locked.length > 0 && (
        <Alert color="orange" mb="lg" title={t('progress.lockedExams')} data-testid="locked-exams">
          <Stack gap="xs">
            {locked.map((standing) => (
              <Group key={standing.examId} justify="space-between" gap="sm">
                <Text fz="sm">
                  {standing.lessonName} — {t('progress.failedTimes', { count: standing.failedAttempts })}
                </Text>
                <Button
                  size="xs"
                  color="orange"
                  leftSection={<IconLockOpen size={14} />}
                  onClick={() => setToUnlock(standing)}
                  data-testid="unlock-exam"
                >
                  {t('progress.unlock')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      <Title order={2} fz="lg" c="var(--academy-ink)" mb="sm">
        {t('progress.courses')}
      </Title>
      {courses.length === 0 && <Text c="dimmed">{t('progress.noCourses')}</Text>}
      <Accordion variant="separated" mb="xl" multiple data-testid="learner-courses">
        {courses.map((course) => (
          <Accordion.Item key={course.courseId} value={String(course.courseId)}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {course.courseName}
                  </Text>
                  {course.cycle > 1 && (
                    <Badge size="sm" variant="light" color="gray" tt="none" visibleFrom="xs">
                      {t('progress.cycle', { cycle: course.cycle })}
                    </Badge>
                  )}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={course.percent} color="accent.6" w={80} aria-label={course.courseName} />
                  <Text fz="sm" w={40}>
                    {course.percent}%
                  </Text>
                  <StatusBadge
                    status={PROGRESS_STATUS_WORD[course.status]}
                    visibleFrom="xs"
                    testId="learner-course-status"
                  />
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('progress.lesson')}</Table.Th>
                      <Table.Th w={160}>{t('progress.timeViewed')}</Table.Th>
                      <Table.Th w={120}>{t('progress.status')}</Table.Th>
                      <Table.Th w={210}>{t('progress.package.column')}</Table.Th>
                      <Table.Th w={150}>{t('progress.lastStudied')}</Table.Th>
                      <Table.Th w={170}>{t('progress.accommodation')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {course.lessons.map((lesson) => (
                      <Table.Tr key={lesson.id}>
                        <Table.Td>
                          <Text fz="sm">{lesson.name}</Text>
                          <Text fz="xs" c="dimmed">
                            {lesson.topicName}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {duration(lesson.creditedSeconds)} / {duration(lesson.requiredSeconds)}
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge
                            status={LESSON_STATUS_WORD[lesson.status]}
                            testId="learner-lesson-status"
                          />
                        </Table.Td>
                        <Table.Td>
                          <PackageResult lesson={lesson} />
                        </Table.Td>
                        <Table.Td>{formatDateTime(lesson.lastStudiedAt)}</Table.Td>
                        <Table.Td>
                          {lesson.hasExam && (
                            <AccommodationCell
                              current={accommodationOf(lesson.id)}
                              onEdit={() =>
                                setToAccommodate({
                                  examId: lesson.id,
                                  lessonName: lesson.name,
                                  current: accommodationOf(lesson.id),
                                })
                              }
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {cycles.length > 0 && (
        <>
          <Title order={2} fz="lg" c="var(--academy-ink)" mb={4}>
            {t('progress.earlierCycles')}
          </Title>
          <Text c="dimmed" fz="sm" mb="sm">
            {t('progress.earlierCyclesHint')}
          </Text>
          <Stack mb="xl">
            <EarlierCycles cycles={cycles} />
          </Stack>
        </>
      )}
      <Title order={2} fz="lg" c="var(--academy-ink)" mb="sm">
        {t('progress.attempts')}
      </Title>
      <DataTable
        testId="attempts-table"
        columns={attemptColumns}
        rows={attempts}
        rowKey={(a) => a.id}
        emptyText={t('progress.noAttempts')}
      />
      <Modal
        opened={toUnlock !== null}
        onClose={() => setToUnlock(null)}
        title={t('progress.unlockTitle')}
        centered
      >
        <Text data-testid="unlock-confirm-text">
          {t('progress.unlockConfirm', {
            exam: toUnlock?.lessonName ?? '',
            name: user.fullName ?? user.employeeCode,
          })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToUnlock(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="orange"
            loading={unlock.isPending}
            data-testid="unlock-confirm"
            onClick={() => {
              if (!toUnlock) return;
              unlock.mutate(
                { examId: toUnlock.examId, userId: user.id },
                {
                  onSuccess: () => result.succeed(t('progress.unlocked')),
                  onError: result.fail,
                  onSettled: () => setToUnlock(null),
                },
              );
            }}
          >
            {t('progress.unlock')}
          </Button>
        </Group>
      </Modal>
      <AccommodationDialog
        target={toAccommodate}
        userId={user.id}
        learnerName={user.fullName ?? user.employeeCode}
        onClose={() => setToAccommodate(null)}
        onDone={result.succeed}
        onError={result.fail}
      />
      <ResultDialog state={result} />
    </>
  );
}

/** A lesson's exam accommodation for the learner, and the button that changes it. */
function AccommodationCell({
  current,
  onEdit,
}: {
  current: { extraTimePercent: number; extraAttempts: number } | undefined;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const parts = [
    current?.extraTimePercent ? t('progress.extraTimeShort', { percent: current.extraTimePercent }) : null,
    current?.extraAttempts ? t('progress.extraAttemptsShort', { count: current.extraAttempts }) : null,
  ].filter((p): p is string => p !== null);
  return (
    <Stack gap={2} align="flex-start">
      {parts.length > 0 && (
        <Text fz="xs" data-testid="accommodation-summary">
          {parts.join(', ')}
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="light"
        color="brand.9"
        leftSection={<IconClockPlus size={12} />}
        onClick={onEdit}
        data-testid="accommodate"
      >
        {parts.length > 0 ? t('common.edit') : t('progress.accommodate')}
      </Button>
    </Stack>
  );
}

export default ProgressDetailPage;
