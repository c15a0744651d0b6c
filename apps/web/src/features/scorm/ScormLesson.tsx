import type { LessonStatus, ScormFrameMessage, TScormAttempt, TScormLaunch } from '@academy/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconList,
  IconMaximize,
  IconMinimize,
  IconPlayerPlay,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { clock } from '../study';
import { attemptKey, launchSco, useAttempt } from './api';
import { ContentFrame } from './ContentFrame';
import { navTarget } from './messages';
import classes from './ScormLesson.module.css';
import { attemptStatus, scoreText, scoStatus } from './status';

const STATUS_COLOR: Record<LessonStatus, string> = {
  IDLE: 'gray',
  STUDYING: 'blue',
  PASSED: 'green',
  FAILED: 'red',
};

function StatusWord({ status, testId }: { status: LessonStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={STATUS_COLOR[status]} data-testid={testId}>
      {t(`study.status.${status}`)}
    </Badge>
  );
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
  const [expanded, setExpanded] = useState(false);
  const [contentsOpen, setContentsOpen] = useState(false);
  const player = useRef<HTMLDivElement>(null);
  const native = useRef(false);
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
      setContentsOpen(false);
      void refetchAttempt();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setLaunching(false);
    }
  }

  const leaveFullScreen = useCallback(() => {
    if (native.current && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    native.current = false;
    setExpanded(false);
  }, []);

  function close() {
    setPlaying(null);
    leaveFullScreen();
    refreshSoon();
  }

  function toggleFullScreen() {
    if (expanded) return leaveFullScreen();
    setExpanded(true);
    // The browser's full screen where it has one for any element; else the player fills the window.
    const element = player.current;
    if (element?.requestFullscreen) {
      element
        .requestFullscreen()
        .then(() => {
          native.current = true;
        })
        .catch(() => {});
    }
  }

  useEffect(() => {
    if (!expanded) return;
    const onChange = () => {
      if (native.current && !document.fullscreenElement) {
        native.current = false;
        setExpanded(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !native.current) setExpanded(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [expanded]);

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
        <Paper
          ref={player}
          withBorder={!expanded}
          radius={expanded ? 0 : 'md'}
          className={classes.player}
          data-expanded={expanded || undefined}
          data-testid="scorm-player"
        >
          <Group justify="space-between" gap={6} wrap="nowrap" className={classes.toolbar}>
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              {multi && (
                <>
                  <Tooltip label={t('scorm.contents')}>
                    <ActionIcon
                      variant={contentsOpen ? 'light' : 'subtle'}
                      color="brand.9"
                      hiddenFrom={expanded ? undefined : 'md'}
                      onClick={() => setContentsOpen((o) => !o)}
                      aria-label={t('scorm.contents')}
                      aria-expanded={contentsOpen}
                      data-testid="scorm-contents-toggle"
                    >
                      <IconList size={18} />
                    </ActionIcon>
                  </Tooltip>
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
              )}
              <Text fz="sm" fw={600} truncate data-testid="scorm-current">
                {current?.title ?? data.title}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                color="brand.9"
                leftSection={expanded ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
                onClick={toggleFullScreen}
                aria-label={expanded ? t('scorm.exitFullScreen') : t('scorm.fullScreen')}
                data-testid="scorm-fullscreen"
              >
                <Text span fz="sm" visibleFrom="sm">
                  {expanded ? t('scorm.exitFullScreen') : t('scorm.fullScreen')}
                </Text>
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                leftSection={<IconX size={16} />}
                onClick={close}
                data-testid="scorm-close"
              >
                {t('common.close')}
              </Button>
            </Group>
          </Group>
          {multi && (
            <Collapse in={contentsOpen}>
              <Box className={classes.contentsPanel} hiddenFrom={expanded ? undefined : 'md'}>
                {outline}
              </Box>
            </Collapse>
          )}
          <div className={classes.body}>
            {multi && !expanded && (
              <Box className={classes.side} visibleFrom="md">
                {outline}
              </Box>
            )}
            <div className={classes.stage}>
              <ContentFrame
                key={playing.url}
                url={playing.url}
                title={current?.title ?? data.title}
                height={expanded ? '100%' : 'clamp(360px, 72vh, 760px)'}
                onMessage={onMessage}
              />
            </div>
          </div>
        </Paper>
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
                color={STATUS_COLOR[status]}
                aria-hidden
              >
                {status === 'PASSED' ? <IconCheck size={11} /> : null}
              </ThemeIcon>
              <Box style={{ minWidth: 0, flex: 1 }}>
                <Text fz="sm" lineClamp={2}>
                  {item.title}
                </Text>
                <Text fz="xs" c="dimmed" data-testid="scorm-menu-status">
                  {t(`study.status.${status}`)}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
