import { Alert, AspectRatio, Center, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StudyVideoProps } from '../study';
import { isPending, useLessonStream } from './api';
import { HlsVideo } from './HlsVideo';

/**
 * The learner's player for an uploaded lesson video (plugged into the study page by
 * features/study/LessonVideo.tsx): "being encoded" with progress until the video is ready, then
 * the HLS player with short-lived signed URLs that are renewed before they expire.
 */
export function LessonVideoPlayer({ lessonId, ...props }: StudyVideoProps & { lessonId: number }) {
  const { t } = useTranslation();
  const stream = useLessonStream(lessonId);

  if (stream.error) {
    return (
      <Alert color="orange" data-testid="video-unavailable">
        {stream.error.message}
      </Alert>
    );
  }
  const data = stream.data;
  if (!data) {
    return (
      <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 8 }}>
        <Center>
          <Loader color="white" />
        </Center>
      </AspectRatio>
    );
  }
  if (data.status === 'READY' && data.playlistUrl) {
    return (
      <HlsVideo
        playlistUrl={data.playlistUrl}
        posterUrl={data.posterUrl}
        captions={data.captions}
        {...props}
      />
    );
  }
  if (isPending(data.status)) {
    return (
      <AspectRatio ratio={16 / 9} bg="var(--academy-subtle)" style={{ borderRadius: 8 }}>
        <Center data-testid="video-encoding">
          <Stack gap="xs" align="center" w="60%">
            <Text fw={500}>{data.message ?? t('media.beingEncoded')}</Text>
            <Progress value={data.progress} w="100%" animated aria-label={t('media.encodingProgress')} />
            <Text fz="sm" c="dimmed">
              {t('media.encodedPercent', { percent: data.progress })}
            </Text>
          </Stack>
        </Center>
      </AspectRatio>
    );
  }
  return (
    <Alert color="orange" data-testid="video-unavailable">
      {data.message ?? t('study.videoNotPlayable')}
    </Alert>
  );
}
