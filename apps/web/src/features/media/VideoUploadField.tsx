import { type TVideo, VIDEO_UPLOADS_PATH } from '@academy/contract';
import { Alert, Box, Button, FileButton, Group, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UnfinishedUploads, UploadProgress, useResumableUpload } from '../../components/uploads';
import { fileProblem, VideoUpload } from './upload';

/**
 * Uploads a lesson video with tus: progress bar, speed and time left, pause and resume. After
 * a page reload the form lists unfinished uploads; choosing the same file continues it. When
 * the server has checked the video, `onUploaded` gets it (the form then uses its URL).
 */
export function VideoUploadField({ onUploaded }: { onUploaded: (video: TVideo) => void }) {
  const { t } = useTranslation();
  const upload = useResumableUpload({
    path: VIDEO_UPLOADS_PATH,
    fallbackName: 'video',
    finishAtLastByte: true,
  });
  const resetRef = useRef<() => void>(null);
  const done = useRef(onUploaded);
  done.current = onUploaded;

  function pick(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const local = fileProblem(file);
    if (local) {
      upload.setProblem(local === 'size' ? t('media.tooLarge') : t('media.notAVideoFile'));
      return;
    }
    upload.start(
      file,
      ({ onProgress, onError }) =>
        new VideoUpload(file, {
          onProgress,
          onChecked: (video) => {
            upload.arrived(file);
            if (video.status === 'REJECTED') {
              upload.failed(video.message ?? t('media.rejected'), { dropProgress: true });
              return;
            }
            upload.settled();
            done.current(video);
          },
          onError,
        }),
    );
  }

  return (
    <Box data-testid="video-upload">
      <Group gap="xs" align="center">
        <FileButton onChange={pick} accept="video/*" resetRef={resetRef} disabled={upload.busy}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              color="brand.9"
              leftSection={<IconUpload size={16} />}
              disabled={upload.busy}
              data-testid="upload-video"
            >
              {t('media.uploadVideo')}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {t('media.uploadHint')}
        </Text>
      </Group>

      {!upload.busy && <UnfinishedUploads unfinished={upload.unfinished} onForget={upload.forget} />}

      <UploadProgress
        upload={upload}
        finishingLabel={t('media.checking')}
        testId="upload-progress"
        statsTestId="upload-stats"
      />
      {upload.problem && (
        <Alert color="red" mt="sm" data-testid="upload-problem">
          {upload.problem}
        </Alert>
      )}
    </Box>
  );
}
