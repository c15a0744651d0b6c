import { Alert, AspectRatio, Box, Center, Group, Loader, Select, Text } from '@mantine/core';
import type Hls from 'hls.js';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyVideoProps } from '../study';
import { tokenOf, withToken } from './rate';

type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'failed';
type Level = { index: number; height: number };

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * An HLS video: hls.js (loaded only when a video is shown) where the browser has Media Source
 * Extensions, the browser's own HLS (Safari on iOS) otherwise. The signed URL's token is renewed
 * by the caller: a new `playlistUrl` with the same path only swaps the token used for the
 * next playlist and segment requests, it does not reload the video. Reports playback to the
 * study session like the YouTube player; quality menu; keyboard: Space/K play-pause,
 * ←/→ 5 s, J/L 10 s, M mute, F full screen.
 */
export function HlsVideo({
  playlistUrl,
  posterUrl,
  startAt,
  onPlayingChange,
  onDuration,
  handleRef,
}: StudyVideoProps & { playlistUrl: string; posterUrl: string | null }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [engine, setEngine] = useState<'hls.js' | 'native' | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState('-1');
  const token = useRef(tokenOf(playlistUrl));
  token.current = tokenOf(playlistUrl);
  const callbacks = useRef({ onPlayingChange, onDuration });
  callbacks.current = { onPlayingChange, onDuration };
  const start = useRef(startAt);
  const source = playlistUrl.split('?')[0] as string;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let started = false;
    setState('loading');
    const playing = (value: boolean) => () => {
      setState(value ? 'playing' : 'paused');
      callbacks.current.onPlayingChange(value);
    };
    const onMetadata = () => {
      if (!started) {
        started = true;
        if (start.current > 0 && start.current < video.duration) video.currentTime = start.current;
      }
      if (Number.isFinite(video.duration)) callbacks.current.onDuration?.(video.duration);
      setState((previous) => (previous === 'loading' ? 'ready' : previous));
      handleRef.current = {
        position: () => video.currentTime,
        seekTo: (seconds) => {
          video.currentTime = seconds;
        },
      };
    };
    const listeners: [string, () => void][] = [
      ['loadedmetadata', onMetadata],
      ['playing', playing(true)],
      ['pause', playing(false)],
      ['waiting', playing(false)],
      ['ended', playing(false)],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);

    import('hls.js')
      .then(({ default: HlsClass }) => {
        if (cancelled) return;
        const url = withToken(source, token.current);
        if (!HlsClass.isSupported()) {
          if (!video.canPlayType(HLS_MIME)) return setState('failed');
          setEngine('native');
          video.src = url;
          return;
        }
        const hls = new HlsClass({
          capLevelToPlayerSize: true,
          startPosition: start.current > 0 ? start.current : -1,
          // Every request carries the freshest token, so playback outlives one signature.
          xhrSetup: (xhr, requestUrl) => xhr.open('GET', withToken(requestUrl, token.current), true),
        });
        hlsRef.current = hls;
        setEngine('hls.js');
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(
            data.levels.map((l, index) => ({ index, height: l.height })).sort((a, b) => b.height - a.height),
          );
        });
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setState('failed');
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });

    return () => {
      cancelled = true;
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
      handleRef.current = null;
      callbacks.current.onPlayingChange(false);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      video.removeAttribute('src');
      video.load();
    };
  }, [source, handleRef]);

  function chooseLevel(value: string | null) {
    setLevel(value ?? '-1');
    if (hlsRef.current) hlsRef.current.currentLevel = Number(value ?? -1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const video = videoRef.current;
    if (!video || event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement)
      return;
    const seek = (by: number) => {
      video.currentTime = Math.max(0, Math.min(video.duration || 0, video.currentTime + by));
    };
    const actions: Record<string, () => void> = {
      ' ': () => (video.paused ? void video.play() : video.pause()),
      k: () => (video.paused ? void video.play() : video.pause()),
      ArrowLeft: () => seek(-5),
      ArrowRight: () => seek(5),
      j: () => seek(-10),
      l: () => seek(10),
      m: () => {
        video.muted = !video.muted;
      },
      f: () =>
        document.fullscreenElement
          ? void document.exitFullscreen()
          : void video.requestFullscreen?.().catch(() => {}),
    };
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <Box>
      <Box
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="hls-player-box"
        aria-label={t('media.playerKeys')}
        style={{ borderRadius: 8, overflow: 'hidden', outlineOffset: 2 }}
      >
        <AspectRatio ratio={16 / 9} bg="black">
          <Box pos="relative" w="100%" h="100%">
            {/* biome-ignore lint/a11y/useMediaCaption: generated lesson videos have no caption track */}
            <video
              ref={videoRef}
              controls
              playsInline
              preload="metadata"
              poster={posterUrl ?? undefined}
              data-testid="hls-player"
              data-state={state}
              data-engine={engine ?? ''}
              style={{ width: '100%', height: '100%', background: 'black' }}
            />
            {state === 'loading' && (
              <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
                <Loader color="white" />
              </Center>
            )}
          </Box>
        </AspectRatio>
      </Box>
      {levels.length > 1 && (
        <Group justify="flex-end" gap="xs" mt={6}>
          <Text fz="xs" c="dimmed">
            {t('media.quality')}
          </Text>
          <Select
            size="xs"
            w={110}
            value={level}
            onChange={chooseLevel}
            allowDeselect={false}
            aria-label={t('media.quality')}
            data-testid="quality-select"
            data={[
              { value: '-1', label: t('media.auto') },
              ...levels.map((l) => ({ value: String(l.index), label: `${l.height}p` })),
            ]}
          />
        </Group>
      )}
      {state === 'failed' && (
        <Alert color="orange" mt="sm" data-testid="video-unavailable">
          {t('study.videoUnavailable')}
        </Alert>
      )}
    </Box>
  );
}
