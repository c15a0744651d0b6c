import {
  LESSON_STATUS_WORD,
  type LessonStatus,
  type TCmi5AuStatus,
  type TCmi5Launch,
  type TCmi5Registration,
} from '@academy/contract';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusLabelKey } from '../../components/status';
import { PackageLessonPending, PackagePlayer, StandingHeading, StatusDot, usePackageLaunch } from '../scorm';
import { launchAu, registrationKey, useRegistration } from './api';

/** An AU's standing in the lessons' words: satisfied = passed, a failure, started, or not. */
export function auStatus(au: TCmi5AuStatus): LessonStatus {
  if (au.satisfied && (au.completed || au.passed || au.waived)) return 'PASSED';
  if (au.failed) return 'FAILED';
  if (au.completed || au.passed) return 'STUDYING';
  return 'IDLE';
}

/** The course's standing: passed once satisfied, else studying once any AU moved, else not started. */
export function courseStatus(registration: TCmi5Registration): LessonStatus {
  if (registration.satisfied) return 'PASSED';
  if (registration.registration !== null) return 'STUDYING';
  return 'IDLE';
}

/**
 * A cmi5 lesson on the learner's lesson page (decision 122): the course's standing and each AU's,
 * Start / Continue (the first AU not yet satisfied) or any AU by its own button; an AnyWindow AU
 * plays in the SCORM player's frame on the content origin (PackagePlayer), an OwnWindow AU in a
 * window of its own. The AU's return page posts `cmi5:return` (origin and frame checked): the
 * player closes and the standing, and the learner's lessons, are asked again.
 */
export function Cmi5Lesson({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const registration = useRegistration(lessonId);
  const [away, setAway] = useState<TCmi5Launch | null>(null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: registrationKey(lessonId) });
    void queryClient.invalidateQueries({ queryKey: ['study'] });
  }, [queryClient, lessonId]);

  const { playing, setPlaying, launching, problem, launch, later } = usePackageLaunch<TCmi5Launch>(refresh);

  // An AU in its own window: back on this page, its results may have arrived.
  useEffect(() => {
    if (!away) return;
    const onFocus = () => refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [away, refresh]);

  function open(au?: string) {
    return launch(
      () => launchAu(lessonId, au),
      (launched) => {
        if (launched.launchMethod === 'OwnWindow') {
          window.open(launched.url, '_blank', 'noopener');
          setAway(launched);
        } else {
          setPlaying(launched);
        }
        refresh();
      },
    );
  }

  function close() {
    setPlaying(null);
    refresh();
    // The AU's last statements may still be on their way.
    later(refresh, 1500);
  }

  if (registration.isPending || registration.error) {
    return (
      <PackageLessonPending
        query={registration}
        noContentYet={t('cmi5.noContentYet')}
        testId="cmi5-unavailable"
      />
    );
  }
  const data = registration.data;
  if (!data) return null;

  const status = courseStatus(data);
  const next = data.aus.find((au) => !au.satisfied) ?? data.aus[0];
  const current = playing ? data.aus.find((au) => au.id === playing.au) : undefined;
  const multi = data.aus.length > 1;

  return (
    <Stack gap="md" data-testid="cmi5-lesson">
      <Paper withBorder radius="md" p="md" data-testid="cmi5-standing">
        <StandingHeading title={data.title} status={status} testId="cmi5-status" />
        {multi && (
          <Stack gap={6} mb="sm" data-testid="cmi5-parts">
            {data.aus.map((au) => {
              const auState = auStatus(au);
              return (
                <Group key={au.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                    <StatusDot status={auState} />
                    <Box style={{ minWidth: 0 }}>
                      <Text fz="sm" lineClamp={2}>
                        {au.title}
                      </Text>
                      <Text fz="xs" c="dimmed" data-testid="cmi5-part-status">
                        {t(statusLabelKey(LESSON_STATUS_WORD[auState]))}
                      </Text>
                    </Box>
                  </Group>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="brand.9"
                    disabled={launching}
                    onClick={() => void open(au.id)}
                    aria-label={t('cmi5.openPart', { title: au.title })}
                  >
                    {t('cmi5.open')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
        {!playing && next && (
          <Group gap="xs">
            <Button
              color="accent.6"
              leftSection={
                next.launchMethod === 'OwnWindow' ? (
                  <IconExternalLink size={16} />
                ) : (
                  <IconPlayerPlay size={16} />
                )
              }
              loading={launching}
              onClick={() => void open(data.satisfied ? undefined : next.id)}
              data-testid="cmi5-start"
            >
              {data.satisfied
                ? t('cmi5.openAgain')
                : data.registration === null
                  ? t('cmi5.start')
                  : t('cmi5.continue')}
            </Button>
          </Group>
        )}
        {away && !playing && (
          <Text fz="sm" c="dimmed" mt="sm" data-testid="cmi5-away">
            {t('cmi5.inOwnWindow')}
          </Text>
        )}
        {problem && (
          <Alert color="red" mt="sm" data-testid="cmi5-problem">
            {problem}
          </Alert>
        )}
      </Paper>

      {playing && (
        <PackagePlayer
          key={playing.url}
          url={playing.url}
          title={current?.title ?? data.title}
          onClose={close}
          onReturn={close}
        />
      )}
    </Stack>
  );
}
