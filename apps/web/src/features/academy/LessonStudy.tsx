import {
  LESSON_STATUS_WORD,
  type TLessonContent,
  type TLessonProgress,
  type TMyLesson,
} from '@academy/contract';
import { Alert, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCheck,
  IconChecklist,
  IconClock,
  IconLock,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { StatusBadge } from '../../components/StatusBadge';
import { LessonQuestionsLink } from '../qa';
import {
  Cmi5LessonSlot,
  clock,
  ExamEntrySlot,
  LessonDocuments,
  LessonVideo,
  type PlayerHandle,
  ScormLessonSlot,
  useStudySession,
} from '../study';
import { useLessonContent } from './api';

interface LessonStudyProps {
  lessonId: number;
  /** The lesson as the topic's list shows it (lock state, status), once the list is here. */
  summary: TMyLesson | undefined;
  next: TMyLesson | undefined;
  nextTopicPath: string | undefined;
  onOpen: (lessonId: number) => void;
}

/** The chosen lesson: locked notice, or its video with study time, documents and exam. */
export function LessonStudy({ lessonId, summary, next, nextTopicPath, onOpen }: LessonStudyProps) {
  const { t } = useTranslation();
  const { content, opened } = useLessonContent(lessonId);
  // Whichever answers first says whether it is locked: the topic's list or the lesson itself.
  const shown = summary ?? content.data;

  if (shown?.locked) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="lesson-locked">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" color="#D3D3D3" aria-hidden>
            <IconLock size={28} color="#555" />
          </ThemeIcon>
          <Title order={2} fz="lg" c="var(--academy-ink)">
            {shown.name}
          </Title>
          <Text fw={600}>{shown.lockedMessage}</Text>
          <Text fz="sm" c="dimmed" maw={420}>
            {t('study.lockedHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (content.isPending) return <Loading />;
  if (content.error) return <Alert color="red">{content.error.message}</Alert>;
  return (
    <StudyPanel
      content={content.data}
      opened={opened}
      next={next}
      nextTopicPath={nextTopicPath}
      onOpen={onOpen}
    />
  );
}

function StudyPanel({
  content,
  opened,
  next,
  nextTopicPath,
  onOpen,
}: {
  content: TLessonContent;
  opened: TLessonProgress | null;
  next: TMyLesson | undefined;
  nextTopicPath: string | undefined;
  onOpen: (lessonId: number) => void;
}) {
  const { t } = useTranslation();
  const handle = useRef<PlayerHandle | null>(null);
  // A SCORM or cmi5 lesson's time and status come from its package (scorm, cmi5 features), not heartbeats.
  const scorm = content.video?.kind === 'scorm';
  const cmi5 = content.video?.kind === 'cmi5';
  const packaged = scorm || cmi5;
  const session = useStudySession(content.id, content.video !== null && !packaged, handle);
  // The freshest progress: the last heartbeat's answer, else opening the lesson, else the content.
  const progress: TLessonProgress = session.progress ??
    opened ?? { ...content, lessonId: content.id, lastPositionSeconds: content.lastPositionSeconds };
  const required = progress.requiredSeconds;
  const credited = Math.min(progress.creditedSeconds, required);
  const percent = required > 0 ? Math.floor((credited * 100) / required) : 100;

  return (
    <Stack gap="md" data-testid="lesson-study">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} fz={{ base: 18, md: 22 }} c="var(--academy-ink)" data-testid="lesson-title">
          {content.name}
        </Title>
        <StatusBadge status={LESSON_STATUS_WORD[progress.status]} testId="lesson-status" />
      </Group>
      {scorm && <ScormLessonSlot lessonId={content.id} />}
      {cmi5 && <Cmi5LessonSlot lessonId={content.id} />}
      {content.video && !packaged && (
        <LessonVideo
          lessonId={content.id}
          video={content.video}
          startAt={content.lastPositionSeconds}
          handleRef={handle}
          onPlayingChange={session.onPlayingChange}
        />
      )}
      {session.activeElsewhere && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="active-elsewhere">
          {t('study.activeElsewhere')}
        </Alert>
      )}
      {session.rewoundTo !== null && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          onClose={session.dismissRewind}
          data-testid="rewound"
        >
          {t('study.rewound', { limit: session.tabLeaveLimit, position: clock(session.rewoundTo) })}
        </Alert>
      )}
      {session.error && <Alert color="red">{session.error}</Alert>}
      <Paper withBorder radius="md" p="md" data-testid="study-time">
        <Group justify="space-between" mb={6} gap="xs">
          <Group gap={6}>
            <IconClock size={18} color="var(--academy-ink)" aria-hidden />
            <Text fw={700} c="var(--academy-ink)" fz="sm">
              {t('study.studyTime')}
            </Text>
          </Group>
          <Text fz="sm" fw={600} data-testid="study-time-value">
            {required > 0 ? `${clock(credited)} / ${clock(required)}` : t('study.noMinimum')}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={progress.studyComplete ? 'green.7' : 'accent.6'}
          aria-label={t('study.studyTime')}
        />
        <Text fz="xs" c="dimmed" mt={6}>
          {progress.studyComplete
            ? t('study.studyDone')
            : scorm
              ? t('scorm.studyHint')
              : cmi5
                ? t('cmi5.studyHint')
                : t('study.studyHint', { limit: session.tabLeaveLimit, leaves: session.tabLeaves })}
        </Text>
      </Paper>
      {progress.hasExam && (
        <Paper withBorder radius="md" p="md" data-testid="lesson-exam">
          <Group gap={6} mb={4}>
            <IconChecklist size={18} color="var(--academy-ink)" aria-hidden />
            <Text fw={700} c="var(--academy-ink)" fz="sm">
              {t('study.exam')}
            </Text>
            {progress.examPassed && (
              <ThemeIcon size={20} radius="xl" color="green.7" aria-hidden>
                <IconCheck size={12} />
              </ThemeIcon>
            )}
          </Group>
          <Text fz="sm" mb="sm">
            {t('study.examRule', {
              answers: t('study.correctAnswers', { count: content.requiredCorrectAnswers }),
              minutes: t('study.examMinutes', { count: content.examTimeLimitMinutes }),
            })}
          </Text>
          <ExamEntrySlot
            lessonId={content.id}
            fallback={
              <Text fz="xs" c="dimmed">
                {progress.studyComplete ? t('study.examSoon') : t('study.examAfterStudy')}
              </Text>
            }
          />
        </Paper>
      )}
      {progress.passed && (
        <Alert color="green" icon={<IconCheck size={18} />} data-testid="lesson-passed">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{t('study.passed')}</Text>
            {next && (
              <Button
                size="compact-sm"
                color="accent.6"
                rightSection={<IconArrowRight size={14} />}
                onClick={() => onOpen(next.id)}
                data-testid="next-lesson"
              >
                {t('study.nextLesson')}
              </Button>
            )}
            {!next && nextTopicPath && (
              <Button
                component={Link}
                to={nextTopicPath}
                size="compact-sm"
                color="accent.6"
                rightSection={<IconArrowRight size={14} />}
              >
                {t('study.nextTopic')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <LessonDocuments documents={content.documents} />
      <LessonQuestionsLink courseId={content.courseId} lessonId={content.id} />
    </Stack>
  );
}
