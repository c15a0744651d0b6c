import { describe, expect, it } from 'vitest';
import { actionOfKey, captionToShow, DEFAULT_PREFS, loadPrefs, nextRate, savePrefs } from './player-keys';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('player shortcuts', () => {
  it('maps space/k, arrows, f, c and m to their actions, any case', () => {
    expect(actionOfKey({ key: ' ' })).toEqual({ kind: 'toggle-play' });
    expect(actionOfKey({ key: 'K' })).toEqual({ kind: 'toggle-play' });
    expect(actionOfKey({ key: 'ArrowLeft' })).toEqual({ kind: 'seek', by: -5 });
    expect(actionOfKey({ key: 'ArrowRight' })).toEqual({ kind: 'seek', by: 5 });
    expect(actionOfKey({ key: 'ArrowUp' })).toEqual({ kind: 'volume', by: 0.1 });
    expect(actionOfKey({ key: 'f' })).toEqual({ kind: 'toggle-fullscreen' });
    expect(actionOfKey({ key: 'C' })).toEqual({ kind: 'toggle-captions' });
    expect(actionOfKey({ key: 'm' })).toEqual({ kind: 'toggle-mute' });
    expect(actionOfKey({ key: '>' })).toEqual({ kind: 'rate', step: 1 });
  });

  it('leaves browser chords, typing into fields and other keys alone', () => {
    expect(actionOfKey({ key: 'f', ctrlKey: true })).toBeNull();
    expect(actionOfKey({ key: 'c', metaKey: true })).toBeNull();
    expect(actionOfKey({ key: ' ', inField: true })).toBeNull();
    expect(actionOfKey({ key: 'x' })).toBeNull();
    expect(actionOfKey({ key: 'Tab' })).toBeNull();
  });

  it('steps the playback rate between 0.75× and 2×', () => {
    expect(nextRate(1, 1)).toBe(1.25);
    expect(nextRate(1, -1)).toBe(0.75);
    expect(nextRate(0.75, -1)).toBe(0.75);
    expect(nextRate(2, 1)).toBe(2);
    expect(nextRate(1.1, 1)).toBe(1.5);
  });
});

describe('remembered player settings', () => {
  it('remembers volume, mute, rate and the caption language', () => {
    const store = memoryStore();
    expect(loadPrefs(store)).toEqual(DEFAULT_PREFS);
    savePrefs(store, { volume: 0.35, muted: true });
    savePrefs(store, { rate: 1.5, captions: 'vi' });
    expect(loadPrefs(store)).toEqual({ volume: 0.35, muted: true, rate: 1.5, captions: 'vi' });
  });

  it('ignores malformed or out-of-range values and a store that throws', () => {
    expect(loadPrefs(memoryStore({ 'academy.player': '{not json' }))).toEqual(DEFAULT_PREFS);
    expect(
      loadPrefs(
        memoryStore({ 'academy.player': JSON.stringify({ volume: 7, rate: 16, muted: 'yes', captions: 3 }) }),
      ),
    ).toEqual(DEFAULT_PREFS);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(loadPrefs(broken)).toEqual(DEFAULT_PREFS);
    expect(savePrefs(broken, { volume: 0.5 })).toEqual({ ...DEFAULT_PREFS, volume: 0.5 });
    expect(loadPrefs(undefined)).toEqual(DEFAULT_PREFS);
  });

  it('turns on the remembered caption language when the video has it, else the first', () => {
    expect(captionToShow(['en', 'vi'], 'vi')).toBe('vi');
    expect(captionToShow(['en', 'vi'], 'fr')).toBe('en');
    expect(captionToShow([], 'vi')).toBeNull();
  });
});
