import type { TVideo } from '@academy/contract';
import { Alert, Box, Button, FileButton, Group, Paper, Progress, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../study';
import { formatDuration, formatSpeed, RateMeter } from './rate';
import { fileProblem, forgetUpload, type UnfinishedUpload, unfinishedUploads, VideoUpload } from './upload';

type Phase = 'idle' | 'uploading' | 'paused' | 'checking' | 'failed';

interface Progressing {
  name: string;
  sent: number;
  total: number;
  speed: number | null;
  secondsLeft: number | null;
}

/**
 * Uploads a lesson video with tus: progress bar, speed and time left, pause and resume. After
 * a page reload the form lists unfinished uploads; choosing the same file continues it. When
 * the server has checked the video, `onUploaded` gets it (the form then uses its URL).
 */
export function VideoUploadField({ onUploaded }: { onUploaded: (video: TVideo) => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  const upload = useRef<VideoUpload | null>(null);
  const meter = useRef(new RateMeter());
  const resetRef = useRef<() => void>(null);
  const done = useRef(onUploaded);
  done.current = onUploaded;

  useEffect(() => {
    void unfinishedUploads().then(setUnfinished);
    // Leaving the form pauses the upload; the server keeps what it has for a week.
    return () => void upload.current?.pause();
  }, []);

  function pick(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const local = fileProblem(file);
    if (local) {
      setProblem(local === 'size' ? t('media.tooLarge') : t('media.notAVideoFile'));
      return;
    }
    setProblem(null);
    meter.current.reset();
    setProgress({ name: file.name, sent: 0, total: file.size, speed: null, secondsLeft: null });
    setPhase('uploading');
    const current = new VideoUpload(file, {
      onProgress: (sent, total) => {
        meter.current.add(sent, performance.now());
        setProgress({
          name: file.name,
          sent,
          total,
          speed: meter.current.bytesPerSecond(),
          secondsLeft: meter.current.secondsLeft(total),
        });
        if (sent >= total) setPhase('checking');
      },
      onChecked: (video) => {
        upload.current = null;
        setUnfinished((list) => list.filter((u) => u.name !== file.name || u.size !== file.size));
        if (video.status === 'REJECTED') {
          setPhase('failed');
          setProgress(null);
          setProblem(video.message ?? t('media.rejected'));
          return;
        }
        setPhase('idle');
        setProgress(null);
        done.current(video);
      },
      onError: (message) => {
        setPhase('failed');
        setProblem(message);
      },
    });
    upload.current = current;
    void current.start();
  }

  async function pause() {
    setPhase('paused');
    await upload.current?.pause();
  }

  function resume() {
    meter.current.reset();
    setProblem(null);
    setPhase('uploading');
    upload.current?.resume();
  }

  async function cancel() {
    const current = upload.current;
    upload.current = null;
    setPhase('idle');
    setProgress(null);
    setProblem(null);
    await current?.cancel();
  }

  const busy = phase === 'uploading' || phase === 'checking' || phase === 'paused';
  const canResume = phase === 'failed' && upload.current !== null;
  const percent = progress && progress.total > 0 ? (progress.sent * 100) / progress.total : 0;

  return (
    <Box data-testid="video-upload">
      <Group gap="xs" align="center">
        <FileButton onChange={pick} accept="video/*" resetRef={resetRef} disabled={busy}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              color="brand.9"
              leftSection={<IconUpload size={16} />}
              disabled={busy}
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

      {unfinished.length > 0 && !busy && (
        <Alert color="blue" mt="sm" data-testid="unfinished-uploads" title={t('media.unfinishedTitle')}>
          {unfinished.map((u) => (
            <Group key={u.key} justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" truncate>
                {u.name} · {formatBytes(u.size)}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() =>
                  void forgetUpload(u.key).then(() =>
                    setUnfinished((list) => list.filter((other) => other.key !== u.key)),
                  )
                }
              >
                {t('media.forget')}
              </Button>
            </Group>
          ))}
          <Text fz="xs" mt={4}>
            {t('media.unfinishedHint')}
          </Text>
        </Alert>
      )}

      {progress && (
        <Paper withBorder radius="sm" p="sm" mt="sm" data-testid="upload-progress">
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
            animated={phase === 'uploading'}
            aria-label={t('media.uploadProgress')}
            data-testid="upload-progress-bar"
          />
          <Group justify="space-between" gap="xs" mt={6}>
            <Text fz="xs" c="dimmed" data-testid="upload-stats">
              {formatBytes(progress.sent)} / {formatBytes(progress.total)}
              {phase === 'uploading' && progress.speed !== null && ` · ${formatSpeed(progress.speed)}`}
              {phase === 'uploading' &&
                progress.secondsLeft !== null &&
                ` · ${t('media.timeLeft', { time: formatDuration(progress.secondsLeft) })}`}
              {phase === 'paused' && ` · ${t('media.paused')}`}
              {phase === 'checking' && ` · ${t('media.checking')}`}
            </Text>
            <Group gap={4}>
              {phase === 'uploading' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPlayerPause size={14} />}
                  onClick={() => void pause()}
                  data-testid="pause-upload"
                >
                  {t('media.pause')}
                </Button>
              )}
              {(phase === 'paused' || canResume) && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={resume}
                  data-testid="resume-upload"
                >
                  {t('media.resume')}
                </Button>
              )}
              {phase !== 'checking' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={14} />}
                  onClick={() => void cancel()}
                >
                  {t('common.cancel')}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}
      {problem && (
        <Alert color="red" mt="sm" data-testid="upload-problem">
          {problem}
        </Alert>
      )}
    </Box>
  );
}
