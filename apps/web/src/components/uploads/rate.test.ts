import { describe, expect, it } from 'vitest';
import { formatDuration, formatSpeed, RateMeter } from './rate';

describe('upload rate meter', () => {
  it('knows nothing until half a second of samples', () => {
    const meter = new RateMeter();
    meter.add(0, 0);
    meter.add(1000, 200);
    expect(meter.bytesPerSecond()).toBeNull();
    expect(meter.secondsLeft(10_000)).toBeNull();
  });

  it('reports speed over the last window and the time left at that speed', () => {
    const meter = new RateMeter(5000);
    meter.add(0, 0);
    meter.add(10_000_000, 1000); // a fast start…
    for (let t = 2000; t <= 10_000; t += 1000) meter.add(10_000_000 + (t - 1000) * 1000, t);
    // …then 1 MB/s for the last 5 s
    expect(meter.bytesPerSecond()).toBeCloseTo(1_000_000, -3);
    expect(meter.secondsLeft(29_000_000)).toBe(10);
  });

  it('forgets a pause after reset', () => {
    const meter = new RateMeter();
    meter.add(0, 0);
    meter.add(2_000_000, 1000);
    meter.reset();
    meter.add(2_000_000, 60_000);
    expect(meter.bytesPerSecond()).toBeNull();
  });
});

describe('formatting', () => {
  it('shows speeds in MB/s or KB/s and durations in h/min/s', () => {
    expect(formatSpeed(12.34 * 1024 * 1024)).toBe('12.3 MB/s');
    expect(formatSpeed(300 * 1024)).toBe('300 KB/s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
  });
});
