import { Alert, Anchor, AspectRatio, Box, Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyVideoProps } from './player';
import { loadYouTubeApi, type YouTubePlayer, YT_STATE } from './youtube-api';

/** A YouTube video in the IFrame Player API, reporting playback to the study session. */
export function YouTubeVideo({
  videoId,
  startAt,
  onPlayingChange,
  onDuration,
  handleRef,
}: StudyVideoProps & { videoId: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The latest callbacks, without recreating the player when they change.
  const callbacks = useRef({ onPlayingChange, onDuration });
  callbacks.current = { onPlayingChange, onDuration };
  const start = useRef(startAt);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    let player: YouTubePlayer | null = null;
    let cancelled = false;
    setState('loading');
    // The API replaces the element it is given, so it gets one React does not manage.
    const mount = document.createElement('div');
    host.appendChild(mount);
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        player = new YT.Player(mount, {
          videoId,
          width: '100%',
          height: '100%',
          playerVars: { start: Math.floor(start.current), rel: 0, playsinline: 1, modestbranding: 1 },
          events: {
            onReady: ({ target }) => {
              if (cancelled) return;
              setState('ready');
              handleRef.current = {
                position: () => target.getCurrentTime() ?? 0,
                seekTo: (seconds) => target.seekTo(seconds, true),
                pause: () => target.pauseVideo(),
              };
              const duration = target.getDuration();
              if (duration > 0) callbacks.current.onDuration?.(duration);
            },
            onStateChange: ({ data, target }) => {
              callbacks.current.onPlayingChange(data === YT_STATE.PLAYING);
              const duration = target.getDuration();
              if (duration > 0) callbacks.current.onDuration?.(duration);
            },
            onError: () => setState('failed'),
          },
        });
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      handleRef.current = null;
      callbacks.current.onPlayingChange(false);
      player?.destroy();
      host.replaceChildren();
    };
  }, [videoId, handleRef]);

  return (
    <Box>
      <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <Box pos="relative" w="100%" h="100%">
          <Box ref={container} w="100%" h="100%" data-testid="youtube-player" />
          {state === 'loading' && (
            <Center pos="absolute" inset={0}>
              <Loader color="white" />
            </Center>
          )}
          {/* In the player's place, not under it: a late failure does not push the page down. On the
              black box the alert is opaque, in the scheme's own colours (the light variant's tint
              would leave black text on near-black). */}
          {state === 'failed' && (
            <Center pos="absolute" inset={0} p="md">
              <Alert color="orange" variant="default" data-testid="video-unavailable">
                {t('study.videoUnavailable')}{' '}
                <Anchor
                  href={`https://www.youtube.com/watch?v=${videoId}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('study.openOnYouTube')}
                </Anchor>
              </Alert>
            </Center>
          )}
        </Box>
      </AspectRatio>
    </Box>
  );
}
