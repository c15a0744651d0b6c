import type { TStreamCaption } from '@academy/contract';
import { Alert, AspectRatio, Box, Center, Loader } from '@mantine/core';
import type Hls from 'hls.js';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyVideoProps } from '../study';
import { PlayerSettings } from './PlayerSettings';
import { actionOfKey, captionToShow, loadPrefs, nextRate, type PlayerPrefs, savePrefs } from './player-keys';
import { tokenOf, withToken } from './signed-url';

type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'failed';
type Level = { index: number; height: number };

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * An HLS video: hls.js (loaded only when a video is shown) where the browser has Media Source
 * Extensions, the browser's own HLS (Safari on iOS) otherwise. The signed URL's token is renewed
 * by the caller: a new `playlistUrl` with the same path only swaps the token used for the
 * next playlist and segment requests, it does not reload the video. Reports playback to the
 * study session like the YouTube player (study time is credited by the server's clock, so a
 * faster playback rate earns no more). Speed (0.75–2×), captions (WebVTT tracks the course
 * managers attached) and quality menus; keyboard shortcuts while the player has focus
 * (player-keys.ts); volume, speed and caption language are remembered in this browser.
 */
function browserStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function HlsVideo({
  playlistUrl,
  posterUrl,
  captions = [],
  startAt,
  onPlayingChange,
  onDuration,
  handleRef,
}: StudyVideoProps & { playlistUrl: string; posterUrl: string | null; captions?: TStreamCaption[] }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [engine, setEngine] = useState<'hls.js' | 'native' | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState('-1');
  const [prefs, setPrefs] = useState<PlayerPrefs>(() => loadPrefs(browserStore()));
  const [showing, setShowing] = useState<string | null>(null);
  // A track's URL is taken once: a renewed token must not make the browser load it again.
  const trackUrls = useRef(new Map<string, string>());
  for (const caption of captions) {
    if (!trackUrls.current.has(caption.language)) trackUrls.current.set(caption.language, caption.url);
  }
  const languages = captions.map((c) => c.language).join(',');
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
      video.playbackRate = video.defaultPlaybackRate;
      setState((previous) => (previous === 'loading' ? 'ready' : previous));
      handleRef.current = {
        position: () => video.currentTime,
        seekTo: (seconds) => {
          video.currentTime = seconds;
        },
        pause: () => video.pause(),
      };
    };
    const remembered = loadPrefs(browserStore());
    video.volume = remembered.volume;
    video.muted = remembered.muted;
    video.defaultPlaybackRate = remembered.rate;
    const onVolume = () => setPrefs(savePrefs(browserStore(), { volume: video.volume, muted: video.muted }));
    const onRate = () => {
      if (video.readyState > 0) setPrefs(savePrefs(browserStore(), { rate: video.playbackRate }));
    };
    const listeners: [string, () => void][] = [
      ['volumechange', onVolume],
      ['ratechange', onRate],
      ['loadedmetadata', onMetadata],
      ['playing', playing(true)],
      ['pause', playing(false)],
      ['waiting', playing(false)],
      ['ended', playing(false)],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);

    import('hls.js/light')
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
          // Captions are the page's own <track> elements; hls.js is not to manage text tracks.
          enableWebVTT: false,
          enableIMSC1: false,
          enableCEA708Captions: false,
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

  // The text tracks follow `showing`; the native menu may change them too, and `showing` follows.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !languages) return;
    const tracks = video.textTracks;
    const sync = () => {
      const on = Array.from(tracks).find((track) => track.mode === 'showing');
      setShowing(on?.language ?? null);
    };
    tracks.addEventListener('change', sync);
    // The language chosen last time is shown again when this video has it.
    const remembered = loadPrefs(browserStore()).captions;
    for (const track of Array.from(tracks)) {
      track.mode = remembered !== null && track.language === remembered ? 'showing' : 'disabled';
    }
    sync();
    return () => tracks.removeEventListener('change', sync);
  }, [languages]);

  function showCaptions(language: string | null) {
    const video = videoRef.current;
    if (!video) return;
    for (const track of Array.from(video.textTracks)) {
      track.mode = language !== null && track.language === language ? 'showing' : 'disabled';
    }
    setShowing(language);
    setPrefs(savePrefs(browserStore(), { captions: language }));
  }

  function chooseRate(rate: number) {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    setPrefs(savePrefs(browserStore(), { rate }));
  }

  function chooseLevel(value: string | null) {
    setLevel(value ?? '-1');
    if (hlsRef.current) hlsRef.current.currentLevel = Number(value ?? -1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const video = videoRef.current;
    const target = event.target as HTMLElement;
    const action = actionOfKey({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      inField: target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName),
    });
    if (!video || !action) return;
    event.preventDefault();
    switch (action.kind) {
      case 'toggle-play':
        return video.paused ? void video.play().catch(() => {}) : video.pause();
      case 'seek':
        video.currentTime = Math.max(0, Math.min(video.duration || 0, video.currentTime + action.by));
        return;
      case 'volume':
        video.muted = false;
        video.volume = Math.max(0, Math.min(1, Math.round((video.volume + action.by) * 10) / 10));
        return;
      case 'toggle-mute':
        video.muted = !video.muted;
        return;
      case 'toggle-fullscreen':
        return document.fullscreenElement
          ? void document.exitFullscreen()
          : void video.requestFullscreen?.().catch(() => {});
      case 'toggle-captions':
        return showCaptions(
          showing
            ? null
            : captionToShow(
                captions.map((c) => c.language),
                prefs.captions,
              ),
        );
      case 'rate':
        return chooseRate(nextRate(video.playbackRate, action.step));
    }
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
            {/* biome-ignore lint/a11y/useMediaCaption: captions are tracks only when managers attached some */}
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
            >
              {captions.map((caption) => (
                <track
                  key={caption.language}
                  kind="captions"
                  srcLang={caption.language}
                  label={caption.label}
                  src={trackUrls.current.get(caption.language)}
                  data-testid={`caption-track-${caption.language}`}
                />
              ))}
            </video>
            {state === 'loading' && (
              <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
                <Loader color="white" />
              </Center>
            )}
          </Box>
        </AspectRatio>
      </Box>
      <PlayerSettings
        rate={prefs.rate}
        onRate={chooseRate}
        captions={captions}
        showing={showing}
        onCaptions={showCaptions}
        levels={levels}
        level={level}
        onLevel={chooseLevel}
      />
      {state === 'failed' && (
        <Alert color="orange" mt="sm" data-testid="video-unavailable">
          {t('study.videoUnavailable')}
        </Alert>
      )}
    </Box>
  );
}
