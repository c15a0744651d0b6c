/**
 * Upload speed and time left from progress samples, over a sliding window so a stall shows up
 * within seconds and a burst does not promise too much. Free of timers, so it is tested alone.
 */
export class RateMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 5000) {}

  /** Forget the history (after a pause: the gap is not slowness). */
  reset(): void {
    this.samples = [];
  }

  add(bytes: number, at: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - (this.samples[1]?.at ?? at) >= this.windowMs) {
      this.samples.shift();
    }
  }

  /** Bytes per second, or null until there is enough to say. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 500) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Seconds left for `total` bytes, or null when the speed is unknown or zero. */
  secondsLeft(total: number): number | null {
    const speed = this.bytesPerSecond();
    const last = this.samples[this.samples.length - 1];
    if (!speed || speed <= 0 || !last) return null;
    return Math.max(0, Math.ceil((total - last.bytes) / speed));
  }
}

/** "12.3 MB/s" */
export function formatSpeed(bytesPerSecond: number): string {
  const mb = bytesPerSecond / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(mb >= 100 ? 0 : 1)} MB/s`;
  return `${Math.max(0, Math.round(bytesPerSecond / 1024))} KB/s`;
}

/** "1 h 02 min", "3 min 05 s", "42 s" */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}
