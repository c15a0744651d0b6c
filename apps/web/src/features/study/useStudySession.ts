import { STUDY_TIMING, type THeartbeatResult, type TLessonProgress } from '@academy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { endpoint } from '../../lib/endpoint';
import { refreshLearnerLists, showLessonProgress } from '../academy';
import type { PlayerHandle } from './player';
import { type Beat, StudyTracker } from './tracker';

/** What the player reports while a lesson is studied: played, paused, the tab left or back. */
const heartbeat = endpoint<THeartbeatResult>('PUT', 'user-lesson/time-viewed');

export interface StudySessionState {
  /** The latest progress the server answered (null until the first heartbeat). */
  progress: TLessonProgress | null;
  /** Another tab of this learner is the one earning study time. */
  activeElsewhere: boolean;
  /** Set when the server rewound the video because the tab was left too often. */
  rewoundTo: number | null;
  tabLeaves: number;
  tabLeaveLimit: number;
  error: string | null;
}

function newViewingId(): string {
  return crypto.randomUUID();
}

/**
 * One viewing of a lesson's video: reports playback to the server with heartbeats
 * (PUT user-lesson/time-viewed, see tracker.ts for when), applies the server's answers (credited
 * time, another tab, rewinds) and refreshes the learner's lists when the lesson passes, so the
 * next lesson unlocks. The server decides everything; this only reports and displays.
 */
export function useStudySession(
  lessonId: number,
  enabled: boolean,
  handleRef: RefObject<PlayerHandle | null>,
) {
  const queryClient = useQueryClient();
  const tracker = useRef<StudyTracker | null>(null);
  const [state, setState] = useState<StudySessionState>({
    progress: null,
    activeElsewhere: false,
    rewoundTo: null,
    tabLeaves: 0,
    tabLeaveLimit: 3,
    error: null,
  });

  useEffect(() => {
    if (!enabled) return;
    const viewingId = newViewingId();
    let queue: Promise<unknown> = Promise.resolve();
    let passed: boolean | null = null;

    const apply = (result: THeartbeatResult) => {
      if (result.rewindTo !== null) handleRef.current?.seekTo(result.rewindTo);
      setState((previous) => ({
        progress: result,
        activeElsewhere: result.activeElsewhere,
        rewoundTo: result.rewindTo ?? previous.rewoundTo,
        tabLeaves: result.tabLeaves,
        tabLeaveLimit: result.tabLeaveLimit,
        error: null,
      }));
      showLessonProgress(queryClient, result);
      if (result.passed && passed !== true) void refreshLearnerLists(queryClient);
      passed = result.passed;
    };

    const send = (beat: Beat) => {
      // One at a time and in order: a pause must not overtake the play before it.
      queue = queue
        .then(() => heartbeat.call(undefined, { body: { lessonId, viewingId, ...beat } }))
        .then(apply)
        .catch((error: Error) => setState((previous) => ({ ...previous, error: error.message })));
    };

    const current = new StudyTracker(
      send,
      () => handleRef.current?.position() ?? 0,
      document.visibilityState === 'visible',
    );
    tracker.current = current;
    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      // The lesson says leaving the tab pauses it: the video stops, not only the study time.
      if (!visible) handleRef.current?.pause();
      current.setVisible(visible);
    };
    const onPageHide = () => current.end();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    const timer = window.setInterval(() => current.tick(), STUDY_TIMING.heartbeatSeconds * 1000);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      current.end();
      tracker.current = null;
      void queue.then(() => refreshLearnerLists(queryClient));
    };
  }, [lessonId, enabled, handleRef, queryClient]);

  const onPlayingChange = useCallback((playing: boolean) => tracker.current?.setPlaying(playing), []);
  const dismissRewind = useCallback(() => setState((previous) => ({ ...previous, rewoundTo: null })), []);

  return { ...state, onPlayingChange, dismissRewind };
}
