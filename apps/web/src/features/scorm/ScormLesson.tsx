import {
  LESSON_STATUS_WORD,
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
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPlay,
  IconRefresh,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { statusLabelKey } from '../../components/status';
import { clock } from '../study';
import { attemptKey, launchSco, useAttempt } from './api';
import { navTarget } from './messages';
import { PackageLessonPending, StandingHeading, StatusDot, usePackageLaunch } from './PackageLesson';
import { PackagePlayer } from './PackagePlayer';
import classes from './ScormLesson.module.css';
import { attemptStatus, scoreText, scoStatus } from './status';

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
  const seen = useRef<string | null>(null);

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

  const leave = useCallback(() => void refreshStanding(), [refreshStanding]);
  const { playing, setPlaying, launching, problem, launch, later } = usePackageLaunch<TScormLaunch>(leave);

  /** Asks the attempt again now and a little later: a beacon's commit may still be on its way. */
  const refreshSoon = useCallback(() => {
    void refetchAttempt();
    for (const delay of [600, 2000]) {
      later(() => {
        void refetchAttempt();
        void refreshStanding();
      }, delay);
    }
  }, [refetchAttempt, refreshStanding, later]);

  function open(options: { sco?: string; newAttempt?: boolean } = {}) {
    return launch(
      () => launchSco(lessonId, options),
      (launched) => {
        setPlaying(launched);
        void refetchAttempt();
      },
    );
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

  if (attempt.isPending || attempt.error) {
    return (
      <PackageLessonPending
        query={attempt}
        noContentYet={t('scorm.noContentYet')}
        testId="scorm-unavailable"
      />
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
        <StandingHeading title={data.title} status={status} testId="scorm-status" />
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
              <StatusDot status={status} />
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
