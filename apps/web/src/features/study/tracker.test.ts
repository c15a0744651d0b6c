import { describe, expect, it } from 'vitest';
import { type Beat, StudyTracker } from './tracker';

function setup(visible = true) {
  const beats: Beat[] = [];
  let position = 0;
  const tracker = new StudyTracker(
    (beat) => beats.push(beat),
    () => position,
    visible,
  );
  return {
    tracker,
    beats,
    at(seconds: number) {
      position = seconds;
    },
  };
}

describe('when the study player sends heartbeats', () => {
  it('sends one when playback starts, on every tick while playing, and one when it pauses', () => {
    const { tracker, beats, at } = setup();
    tracker.tick();
    expect(beats).toHaveLength(0);
    tracker.setPlaying(true);
    at(10);
    tracker.tick();
    at(20);
    tracker.tick();
    at(23);
    tracker.setPlaying(false);
    tracker.tick();
    expect(beats.map((b) => [b.position, b.playing, b.visible])).toEqual([
      [0, true, true],
      [10, true, true],
      [20, true, true],
      [23, false, true],
    ]);
  });

  it('does not repeat a heartbeat when the state does not change', () => {
    const { tracker, beats } = setup();
    tracker.setPlaying(true);
    tracker.setPlaying(true);
    tracker.setVisible(true);
    expect(beats).toHaveLength(1);
  });

  it('marks leaving the tab while playing, stays silent while hidden, and resumes on return', () => {
    const { tracker, beats, at } = setup();
    tracker.setPlaying(true);
    at(5);
    tracker.setVisible(false);
    tracker.tick();
    tracker.tick();
    at(40);
    tracker.setVisible(true);
    tracker.tick();
    expect(beats.map((b) => [b.position, b.visible, b.tabLeft])).toEqual([
      [0, true, false],
      [5, false, true],
      [40, true, false],
      [40, true, false],
    ]);
  });

  it('does not count leaving the tab while the video is paused', () => {
    const { tracker, beats } = setup();
    tracker.setVisible(false);
    tracker.setVisible(true);
    expect(beats).toHaveLength(0);
  });

  it('starts hidden when the page opens in a background tab, and credits nothing there', () => {
    const { tracker, beats } = setup(false);
    tracker.setPlaying(true);
    tracker.tick();
    expect(beats.map((b) => [b.playing, b.visible, b.tabLeft])).toEqual([[true, false, false]]);
  });

  it('sends a last heartbeat marked ended, once, then nothing more', () => {
    const { tracker, beats, at } = setup();
    tracker.setPlaying(true);
    at(12);
    tracker.end();
    tracker.end();
    tracker.tick();
    tracker.setPlaying(true);
    expect(beats.at(-1)).toEqual({
      position: 12,
      playing: false,
      visible: true,
      tabLeft: false,
      ended: true,
    });
    expect(beats).toHaveLength(2);
    expect(tracker.isEnded).toBe(true);
  });
});
