import { Alert, Box, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import type { PlayerHandle } from '../study';
import { isPending, useRetryVideo, useVideo } from './api';
import { CaptionsField } from './CaptionsField';
import { HlsVideo } from './HlsVideo';

const noop = () => {};

/**
 * An uploaded video in the lesson form: "being encoded" with progress, the reason and a retry
 * when encoding failed, the reason when it was refused, a preview when it is ready; its caption
 * tracks once it is accepted (attached and removed by holders of the edit key).
 */
export function VideoStatus({ id, canEdit = false }: { id: string; canEdit?: boolean }) {
  const { t } = useTranslation();
  const video = useVideo(id);
  const retry = useRetryVideo();
  const preview = useRef<PlayerHandle | null>(null);

  if (video.error) return <Alert color="red">{video.error.message}</Alert>;
  const data = video.data;
  if (!data) return <Loader size="sm" />;
  const facts = [
    data.originalName,
    data.width && data.height ? `${data.width}×${data.height}` : null,
    data.sizeBytes ? formatBytes(data.sizeBytes) : null,
  ].filter(Boolean);

  return (
    <Box data-testid="video-status" data-status={data.status}>
      <Text fz="sm" fw={500} mb={4}>
        {t('courseAdmin.uploadedVideo')}
      </Text>
      {data.status === 'READY' && data.playlistUrl ? (
        <HlsVideo
          playlistUrl={data.playlistUrl}
          posterUrl={data.posterUrl}
          startAt={0}
          onPlayingChange={noop}
          handleRef={preview}
        />
      ) : isPending(data.status) ? (
        <Stack
          gap={6}
          p="md"
          bg="var(--academy-subtle)"
          style={{ borderRadius: 8 }}
          data-testid="video-encoding"
        >
          <Text fw={500}>{t('media.beingEncoded')}</Text>
          <Progress value={data.progress} animated aria-label={t('media.encodingProgress')} />
          <Text fz="xs" c="dimmed">
            {data.status === 'QUEUED'
              ? t('media.queued')
              : t('media.encodedPercent', { percent: data.progress })}
          </Text>
        </Stack>
      ) : (
        <Alert color="red" data-testid="video-failed">
          <Text fz="sm">{data.message ?? t('media.rejected')}</Text>
          {data.status === 'FAILED' && (
            <Group mt="xs">
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={retry.isPending}
                onClick={() => retry.mutate(data.id)}
                data-testid="retry-encoding"
              >
                {t('media.retry')}
              </Button>
            </Group>
          )}
          {retry.error && (
            <Text fz="sm" mt="xs">
              {retry.error.message}
            </Text>
          )}
        </Alert>
      )}
      <Text fz="xs" c="dimmed" mt={6}>
        {facts.join(' · ')}
        {data.renditions.length > 0 && ` · ${data.renditions.map((h) => `${h}p`).join(', ')}`}
      </Text>
      {data.status !== 'REJECTED' && data.status !== 'UPLOADING' && (
        <Box mt="md">
          <CaptionsField videoId={data.id} canEdit={canEdit} />
        </Box>
      )}
    </Box>
  );
}
