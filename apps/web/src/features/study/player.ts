import type { RefObject } from 'react';

/** What the study session needs of any lesson video player (YouTube now, uploads later). */
export interface PlayerHandle {
  /** The current position in seconds. */
  position(): number;
  seekTo(seconds: number): void;
  /** Pauses the video (the tab was hidden: study time stops counting then too). */
  pause(): void;
}

/**
 * The props a lesson video player takes. The uploaded-video (HLS) player of the media feature
 * plugs into the lesson page with these too (see LessonVideo.tsx).
 */
export interface StudyVideoProps {
  /** Where to start (the last credited position). */
  startAt: number;
  /** Playback started (true) or stopped: paused, buffering, ended. */
  onPlayingChange: (playing: boolean) => void;
  /** The video's length once the player knows it. */
  onDuration?: (seconds: number) => void;
  /** Filled with the player's handle once it is ready, emptied when it closes. */
  handleRef: RefObject<PlayerHandle | null>;
}
