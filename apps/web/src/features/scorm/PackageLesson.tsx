import { LESSON_STATUS_WORD, type LessonStatus } from '@academy/contract';
import { Alert, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Loading } from '../../components/Loading';
import { StatusBadge } from '../../components/StatusBadge';
import { STATUS_COLOR } from '../../components/status';
import { ApiError } from '../../lib/api';

/*
 * The shell a package lesson (SCORM, cmi5) stands in on the learner's lesson page: the launch of a
 * part into the player, its loading and "no content yet" states, the standing's heading and the
 * parts' status dots. ScormLesson and features/cmi5's Cmi5Lesson are built from it.
 */

/**
 * Launching a part of the package: what plays, whether a launch runs, its problem. `launch` closes
 * the playing frame first (its runtime commits what it has as it leaves), then hands the answer
 * to `onLaunched`. `later` runs a refresh after a delay, cancelled when the page is left; leaving
 * also calls `onLeave` (the frame committed the study time and status).
 */
export function usePackageLaunch<Launch>(onLeave: () => void) {
  const [playing, setPlaying] = useState<Launch | null>(null);
  const [launching, setLaunching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
      onLeave();
    },
    [onLeave],
  );

  async function launch(request: () => Promise<Launch>, onLaunched: (launched: Launch) => void) {
    setProblem(null);
    setLaunching(true);
    setPlaying(null);
    try {
      onLaunched(await request());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setLaunching(false);
    }
  }

  const later = useCallback((refresh: () => void, delay: number) => {
    timers.current.push(window.setTimeout(refresh, delay));
  }, []);

  return { playing, setPlaying, launching, problem, launch, later };
}

/** Loading, or why there is nothing to play (none imported yet: 404), else null. */
export function PackageLessonPending({
  query,
  noContentYet,
  testId,
}: {
  query: { isPending: boolean; error: Error | null };
  noContentYet: string;
  testId: string;
}) {
  if (query.isPending) return <Loading />;
  if (!query.error) return null;
  const none = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Alert color={none ? 'yellow' : 'red'} data-testid={testId}>
      {none ? noContentYet : query.error.message}
    </Alert>
  );
}

/** The package's title and the lesson status it stands at. */
export function StandingHeading({
  title,
  status,
  testId,
}: {
  title: string;
  status: LessonStatus;
  testId: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
      <Text fw={700} c="var(--academy-ink)" style={{ minWidth: 0 }}>
        {title}
      </Text>
      <StatusBadge status={LESSON_STATUS_WORD[status]} testId={testId} />
    </Group>
  );
}

/** A part's status as a dot in its colour, ticked once passed. */
export function StatusDot({ status }: { status: LessonStatus }) {
  return (
    <ThemeIcon
      size={18}
      radius="xl"
      variant={status === 'PASSED' ? 'filled' : 'light'}
      color={STATUS_COLOR[LESSON_STATUS_WORD[status]]}
      aria-hidden
    >
      {status === 'PASSED' ? <IconCheck size={11} /> : null}
    </ThemeIcon>
  );
}
