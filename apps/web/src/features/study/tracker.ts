/**
 * Decides when the study player sends a heartbeat (PUT user-lesson/time-viewed). Free of timers
 * and I/O so it is tested on its own: the caller feeds it the player's and the tab's state and
 * calls `tick()` every STUDY_TIMING.heartbeatSeconds.
 *
 * - Starting or stopping playback sends a heartbeat at once, so the server starts or stops
 *   crediting at the right moment (it credits the time between heartbeats of a playing,
 *   visible viewing).
 * - While the video plays in a visible tab, every tick sends one.
 * - Leaving the tab while the video plays sends one marked `tabLeft` (crediting pauses, and
 *   the server counts the leave); coming back while it still plays sends one to resume.
 * - Closing the player sends a last one marked `ended`, so another tab may take over at once.
 */

export interface Beat {
  position: number;
  playing: boolean;
  visible: boolean;
  tabLeft: boolean;
  ended: boolean;
}

export class StudyTracker {
  private playing = false;
  private visible: boolean;
  private ended = false;

  constructor(
    private readonly send: (beat: Beat) => void,
    private readonly position: () => number,
    visible = true,
  ) {
    this.visible = visible;
  }

  /** The player started (true) or stopped (false: paused, buffering, ended) playing. */
  setPlaying(playing: boolean): void {
    if (this.ended || playing === this.playing) return;
    this.playing = playing;
    this.beat();
  }

  /** The tab became visible or hidden. */
  setVisible(visible: boolean): void {
    if (this.ended || visible === this.visible) return;
    this.visible = visible;
    if (!this.playing) return;
    if (visible) this.beat();
    else this.beat({ tabLeft: true });
  }

  /** Every heartbeat interval. */
  tick(): void {
    if (!this.ended && this.playing && this.visible) this.beat();
  }

  /** The player closes (another lesson, another page, the tab closes). Idempotent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.beat({ ended: true, playing: false });
    this.playing = false;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  private beat(extra: Partial<Beat> = {}): void {
    this.send({
      position: Math.max(0, this.position()),
      playing: this.playing,
      visible: this.visible,
      tabLeft: false,
      ended: false,
      ...extra,
    });
  }
}
