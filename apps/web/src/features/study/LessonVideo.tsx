import type { TLessonVideo } from '@academy/contract';
import { Alert, AspectRatio } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyVideoProps } from './player';
import { YouTubeVideo } from './YouTubeVideo';

type UploadedPlayer = ComponentType<StudyVideoProps & { lessonId: number }>;

/**
 * The slot for uploaded (HLS) videos: the media feature's `LessonVideoPlayer` (named export of
 * features/media/LessonVideoPlayer.tsx) taking StudyVideoProps plus the lesson id. Vite's glob
 * finds nothing until that file exists, and the lesson page then says the video is not
 * playable here yet.
 */
const uploadedPlayerModules = import.meta.glob<{ LessonVideoPlayer: UploadedPlayer }>(
  '../media/LessonVideoPlayer.tsx',
);
const loadUploadedPlayer = Object.values(uploadedPlayerModules)[0];
const UploadedVideo = loadUploadedPlayer
  ? lazy(async () => ({ default: (await loadUploadedPlayer()).LessonVideoPlayer }))
  : null;

/** The lesson's video, whichever way it was given. */
export function LessonVideo({
  lessonId,
  video,
  ...props
}: StudyVideoProps & { lessonId: number; video: TLessonVideo }) {
  const { t } = useTranslation();
  if (video.kind === 'youtube' && video.youtubeId) {
    return <YouTubeVideo videoId={video.youtubeId} {...props} />;
  }
  if (video.kind === 'upload' && UploadedVideo) {
    return (
      // The player's room while its code loads (it opens with a 16:9 box of its own).
      <Suspense fallback={<AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 8 }} />}>
        <UploadedVideo lessonId={lessonId} {...props} />
      </Suspense>
    );
  }
  return (
    <Alert color="orange" data-testid="video-unavailable">
      {t('study.videoNotPlayable')}
    </Alert>
  );
}
