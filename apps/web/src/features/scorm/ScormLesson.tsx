import {
  LESSON_STATUS_WORD,
  type LessonStatus,
  type ScormFrameMessage,
  type TScormAttempt,
  type TScormLaunch,
} from '@academy/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPlay,
  IconRefresh,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { StatusBadge } from '../../components/StatusBadge';
import { STATUS_COLOR, statusLabelKey } from '../../components/status';
import { ApiError } from '../../lib/api';
import { clock } from '../study';
import { attemptKey, launchSco, useAttempt } from './api';
import { navTarget } from './messages';
import { PackagePlayer } from './PackagePlayer';
import classes from './ScormLesson.module.css';
import { attemptStatus, scoreText, scoStatus } from './status';

function StatusWord({ status, testId }: { status: LessonStatus; testId?: string }) {
  return <StatusBadge status={LESSON_STATUS_WORD[status]} testId={testId} />;
}

export interface ScormLessonProps {
  lessonId: number;
}

/**
 * A SCORM lesson on the learner's lesson page (decision 113): the attempt's standing (status,
 * score, time, attempts) with Start / Continue / Start a new attempt, the organization's tree as
 * the menu with each SCO's status, and the player — the content origin's runtime page in a frame
 * (ContentFrame) with previous/next, full screen and close. The runtime's messages (origin and
 * frame checked) refresh the attempt; when it changes, and when the player closes, the learner's
 * lessons are asked again, so the next lesson unlocks on screen.
 */
export function ScormLesson({ lessonId }: ScormLessonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useAttempt(lessonId);
  const [playing, setPlaying] = useState<TScormLaunch | null>(null);
  const [launching, setLaunching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seen = useRef<string | null>(null);
  const timers = useRef<number[]>([]);

  const data = attempt.data;
  const scoIds = data?.scos.map((s) => s.identifier) ?? [];
  const multi = scoIds.length > 1;

  const refreshStanding = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['study'] }),
    [queryClient],
  );
  const refetchAttempt = useCallback(
    () => queryClient.invalidateQueries({ queryKey: attemptKey(lessonId) }),
    [queryClient, lessonId],
  );

  // The package's standing changed (status, success, a new attempt): the lesson's may have too.
  useEffect(() => {
    if (!data) return;
    const key = `${data.attemptNumber}|${data.completionStatus}|${data.successStatus}|${data.passed}`;
    if (seen.current !== null && seen.current !== key) void refreshStanding();
    seen.current = key;
  }, [data, refreshStanding]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
      // Leaving the page with the player open: study time and status were committed by the frame.
      void refreshStanding();
    },
    [refreshStanding],
  );

  /** Asks the attempt again now and a little later: a beacon's commit may still be on its way. */
  const refreshSoon = useCallback(() => {
    void refetchAttempt();
    for (const delay of [600, 2000]) {
      timers.current.push(
        window.setTimeout(() => {
          void refetchAttempt();
          void refreshStanding();
        }, delay),
      );
    }
  }, [refetchAttempt, refreshStanding]);

  async function open(options: { sco?: string; newAttempt?: boolean } = {}) {
    setProblem(null);
    setLaunching(true);
    // The frame that plays now goes first: its runtime commits what it has as it leaves.
    setPlaying(null);
    try {
      const launched = await launchSco(lessonId, options);
      setPlaying(launched);
      void refetchAttempt();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setLaunching(false);
    }
  }

  function close() {
    setPlaying(null);
    refreshSoon();
  }

  function onMessage(message: ScormFrameMessage) {
    if (!playing || message.sco !== playing.sco) return;
    if (message.type === 'scorm:commit') {
      void refetchAttempt();
      return;
    }
    refreshSoon();
    const target = navTarget(message.navRequest, scoIds, message.sco);
    if (target?.kind === 'sco') return void open({ sco: target.sco });
    if (target?.kind === 'close') return close();
    // Finished without saying where to: on to the next SCO (flow), or back to the lesson.
    const next = scoIds[scoIds.indexOf(message.sco) + 1];
    if (next) void open({ sco: next });
    else close();
  }

  if (attempt.isPending) return <Loading />;
  if (attempt.error) {
    const none = attempt.error instanceof ApiError && attempt.error.status === 404;
    return (
      <Alert color={none ? 'yellow' : 'red'} data-testid="scorm-unavailable">
        {none ? t('scorm.noContentYet') : attempt.error.message}
      </Alert>
    );
  }
  if (!data) return null;

  const status = attemptStatus(data);
  const finished = data.completionStatus === 'completed' || data.successStatus !== 'unknown';
  const score = scoreText(data);
  const at = playing ? scoIds.indexOf(playing.sco) : -1;
  const current = playing ? data.scos[at] : undefined;

  const outline = (
    <Outline
      attempt={data}
      current={playing?.sco}
      disabled={launching}
      onChoose={(sco) => void open({ sco })}
    />
  );

  return (
    <Stack gap="md" data-testid="scorm-lesson">
      <Paper withBorder radius="md" p="md" data-testid="scorm-summary">
        <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
          <Text fw={700} c="var(--academy-ink)" style={{ minWidth: 0 }}>
            {data.title}
          </Text>
          <StatusWord status={status} testId="scorm-status" />
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Fact label={t('scorm.attempt')} testId="scorm-attempt">
            {data.attemptNumber === 0
              ? '—'
              : data.maxAttempts > 0
                ? t('scorm.attemptOf', { number: data.attemptNumber, max: data.maxAttempts })
                : String(data.attemptNumber)}
          </Fact>
          <Fact label={t('scorm.score')} testId="scorm-score">
            {score ?? '—'}
          </Fact>
          <Fact label={t('scorm.time')} testId="scorm-time">
            {clock(data.totalTimeSeconds)}
          </Fact>
        </SimpleGrid>
        {!playing && (
          <Group gap="xs" mt="md">
            {(data.attemptNumber === 0 || !finished) && (
              <Button
                color="accent.6"
                leftSection={<IconPlayerPlay size={16} />}
                loading={launching}
                onClick={() => void open()}
                data-testid="scorm-start"
              >
                {data.attemptNumber === 0 ? t('scorm.start') : t('scorm.continue')}
              </Button>
            )}
            {finished && data.canStartNew && (
              <Button
                color="accent.6"
                leftSection={<IconRefresh size={16} />}
                loading={launching}
                onClick={() => void open({ newAttempt: true })}
                data-testid="scorm-new-attempt"
              >
                {t('scorm.newAttempt')}
              </Button>
            )}
            {finished && (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} />}
                disabled={launching}
                onClick={() => void open()}
                data-testid="scorm-review"
              >
                {t('scorm.openAgain')}
              </Button>
            )}
          </Group>
        )}
        {problem && (
          <Alert color="red" mt="sm" data-testid="scorm-problem">
            {problem}
          </Alert>
        )}
        {!playing && multi && (
          <Box mt="md">
            <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
              {t('scorm.contents')}
            </Text>
            {outline}
          </Box>
        )}
      </Paper>

      {playing && (
        <PackagePlayer
          url={playing.url}
          title={current?.title ?? data.title}
          titleTestId="scorm-current"
          onClose={close}
          onMessage={onMessage}
          outline={multi ? outline : undefined}
          navigation={
            multi ? (
              <>
                <ActionIcon
                  variant="subtle"
                  color="brand.9"
                  disabled={at <= 0 || launching}
                  onClick={() => void open({ sco: scoIds[at - 1] })}
                  aria-label={t('scorm.previous')}
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="brand.9"
                  disabled={at < 0 || at >= scoIds.length - 1 || launching}
                  onClick={() => void open({ sco: scoIds[at + 1] })}
                  aria-label={t('scorm.next')}
                  data-testid="scorm-next"
                >
                  <IconChevronRight size={18} />
                </ActionIcon>
              </>
            ) : undefined
          }
        />
      )}
    </Stack>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600} data-testid={testId}>
        {children}
      </Text>
    </Box>
  );
}

/** The organization's tree (folders and SCOs) with each SCO's status; a SCO opens on a click. */
function Outline({
  attempt,
  current,
  disabled,
  onChoose,
}: {
  attempt: TScormAttempt;
  current: string | undefined;
  disabled: boolean;
  onChoose: (sco: string) => void;
}) {
  const { t } = useTranslation();
  const standing = new Map(attempt.scos.map((s) => [s.identifier, s]));
  return (
    <nav aria-label={t('scorm.contents')} data-testid="scorm-menu">
      {attempt.items.map((item) => {
        const sco = item.sco ? standing.get(item.sco) : undefined;
        const indent = { paddingLeft: 8 + item.depth * 14 };
        if (!sco) {
          return (
            <Text key={item.identifier} fz="xs" fw={700} c="dimmed" py={4} style={indent}>
              {item.title}
            </Text>
          );
        }
        const status = scoStatus(sco);
        return (
          <UnstyledButton
            key={item.identifier}
            className={classes.item}
            style={indent}
            disabled={disabled}
            data-active={sco.identifier === current || undefined}
            aria-current={sco.identifier === current ? 'true' : undefined}
            onClick={() => onChoose(sco.identifier)}
            data-testid="scorm-menu-item"
          >
            <Group gap={8} wrap="nowrap">
              <ThemeIcon
                size={18}
                radius="xl"
                variant={status === 'PASSED' ? 'filled' : 'light'}
                color={STATUS_COLOR[LESSON_STATUS_WORD[status]]}
                aria-hidden
              >
                {status === 'PASSED' ? <IconCheck size={11} /> : null}
              </ThemeIcon>
              <Box style={{ minWidth: 0, flex: 1 }}>
                <Text fz="sm" lineClamp={2}>
                  {item.title}
                </Text>
                <Text fz="xs" c="dimmed" data-testid="scorm-menu-status">
                  {t(statusLabelKey(LESSON_STATUS_WORD[status]))}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
