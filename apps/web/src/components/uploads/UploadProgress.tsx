import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { formatDuration, formatSpeed } from './rate';
import type { ResumableUploadControls, ResumableUploadState } from './use-resumable-upload';

/**
 * A running upload: file name, percent, bar, bytes sent with speed and time left (or paused, or
 * what the server is doing once every byte arrived: `finishingLabel`), and pause, resume, cancel.
 */
export function UploadProgress({
  upload,
  finishingLabel,
  animatedWhileFinishing = false,
  testId,
  statsTestId,
}: {
  upload: ResumableUploadState & Pick<ResumableUploadControls, 'pause' | 'resume' | 'cancel'>;
  finishingLabel: string;
  animatedWhileFinishing?: boolean;
  testId: string;
  statsTestId: string;
}) {
  const { t } = useTranslation();
  const { phase, progress, percent } = upload;
  if (!progress) return null;
  return (
    <Paper withBorder radius="sm" p="sm" mt="sm" data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Text fz="sm" truncate fw={500}>
          {progress.name}
        </Text>
        <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {Math.floor(percent)}%
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={phase === 'uploading' || (animatedWhileFinishing && phase === 'finishing')}
        aria-label={t('media.uploadProgress')}
        data-testid="upload-progress-bar"
      />
      <Group justify="space-between" gap="xs" mt={6}>
        <Text fz="xs" c="dimmed" data-testid={statsTestId}>
          {formatBytes(progress.sent)} / {formatBytes(progress.total)}
          {phase === 'uploading' && progress.speed !== null && ` · ${formatSpeed(progress.speed)}`}
          {phase === 'uploading' &&
            progress.secondsLeft !== null &&
            ` · ${t('media.timeLeft', { time: formatDuration(progress.secondsLeft) })}`}
          {phase === 'paused' && ` · ${t('media.paused')}`}
          {phase === 'finishing' && ` · ${finishingLabel}`}
        </Text>
        <Group gap={4}>
          {phase === 'uploading' && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlayerPause size={14} />}
              onClick={() => void upload.pause()}
              data-testid="pause-upload"
            >
              {t('media.pause')}
            </Button>
          )}
          {(phase === 'paused' || upload.canResume) && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={upload.resume}
              data-testid="resume-upload"
            >
              {t('media.resume')}
            </Button>
          )}
          {phase !== 'finishing' && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconX size={14} />}
              onClick={() => void upload.cancel()}
            >
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
