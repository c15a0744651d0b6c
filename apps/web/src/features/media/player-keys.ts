/**
 * The HLS player's keyboard shortcuts and remembered settings, free of the DOM so they are
 * tested alone. Shortcuts act only while the player (its frame or the video) has focus.
 */

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export type PlayerAction =
  | { kind: 'toggle-play' }
  | { kind: 'seek'; by: number }
  | { kind: 'volume'; by: number }
  | { kind: 'toggle-mute' }
  | { kind: 'toggle-fullscreen' }
  | { kind: 'toggle-captions' }
  | { kind: 'rate'; step: 1 | -1 };

const ACTIONS: Record<string, PlayerAction> = {
  ' ': { kind: 'toggle-play' },
  k: { kind: 'toggle-play' },
  ArrowLeft: { kind: 'seek', by: -5 },
  ArrowRight: { kind: 'seek', by: 5 },
  j: { kind: 'seek', by: -10 },
  l: { kind: 'seek', by: 10 },
  ArrowUp: { kind: 'volume', by: 0.1 },
  ArrowDown: { kind: 'volume', by: -0.1 },
  m: { kind: 'toggle-mute' },
  f: { kind: 'toggle-fullscreen' },
  c: { kind: 'toggle-captions' },
  '>': { kind: 'rate', step: 1 },
  '<': { kind: 'rate', step: -1 },
};

/** The action of a key press, or null (modifier chords and typing into a field are left alone). */
export function actionOfKey(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  inField?: boolean;
}): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.inField) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return ACTIONS[key] ?? ACTIONS[event.key] ?? null;
}

/** The next playback rate up or down the list, staying at its ends. */
export function nextRate(current: number, step: 1 | -1): number {
  const index = PLAYBACK_RATES.findIndex((rate) => rate >= current - 0.001);
  const at = index === -1 ? PLAYBACK_RATES.length - 1 : index;
  const next = Math.min(PLAYBACK_RATES.length - 1, Math.max(0, at + step));
  return PLAYBACK_RATES[next] as number;
}

/** What the player remembers between lessons and visits (this browser only). */
export interface PlayerPrefs {
  volume: number;
  muted: boolean;
  rate: number;
  /** The caption language last chosen, or null when captions were turned off. */
  captions: string | null;
}

export const DEFAULT_PREFS: PlayerPrefs = { volume: 1, muted: false, rate: 1, captions: null };
const STORAGE_KEY = 'academy.player';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered settings; anything missing, malformed or out of range falls back to the default. */
export function loadPrefs(store: KeyValueStore | undefined): PlayerPrefs {
  let saved: Partial<Record<keyof PlayerPrefs, unknown>> = {};
  try {
    const raw = store?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') saved = parsed as typeof saved;
  } catch {
    // A malformed or unreadable entry is forgotten.
  }
  const volume =
    typeof saved.volume === 'number' && saved.volume >= 0 && saved.volume <= 1 ? saved.volume : 1;
  const rate = PLAYBACK_RATES.find((r) => r === saved.rate) ?? 1;
  return {
    volume,
    muted: saved.muted === true,
    rate,
    captions: typeof saved.captions === 'string' && saved.captions.length <= 35 ? saved.captions : null,
  };
}

/** Remembers a change (private browsing or a full store: silently not remembered). */
export function savePrefs(store: KeyValueStore | undefined, change: Partial<PlayerPrefs>): PlayerPrefs {
  const next = { ...loadPrefs(store), ...change };
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not remembered.
  }
  return next;
}

/** The track `c` turns on: the remembered language when the video has it, else the first. */
export function captionToShow(languages: string[], remembered: string | null): string | null {
  if (remembered && languages.includes(remembered)) return remembered;
  return languages[0] ?? null;
}
