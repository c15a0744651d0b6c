import i18next, { type TFunction } from 'i18next';
import Negotiator from 'negotiator';
import en from './locales/en.json';

/**
 * The mails' words, one catalogue per language (decision 80). English is the fallback for a
 * language without a catalogue and for a key a catalogue lacks. A second language is one file:
 * `locales/<code>.json` with the same keys, added to CATALOGUES.
 */
const CATALOGUES = { en } as const;

export const DEFAULT_MAIL_LANGUAGE = 'en';
export const MAIL_LANGUAGES = Object.keys(CATALOGUES);

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, words]) => [lng, { mail: words }])),
  ns: ['mail'],
  defaultNS: 'mail',
  fallbackLng: DEFAULT_MAIL_LANGUAGE,
  supportedLngs: MAIL_LANGUAGES,
  nonExplicitSupportedLngs: true,
  // Values are escaped by the layout when it writes HTML; the text part takes them as they are.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
  // A key missing in every catalogue is a bug in a template: fail loudly, never mail the key.
  parseMissingKeyHandler: (key) => {
    throw new Error(`mail catalogue has no "${key}"`);
  },
});

/** The catalogue language used for a requested one ("vi-VN" → "vi" when it exists, else English). */
export function catalogueLanguage(requested: string | null | undefined): string {
  if (!requested) return DEFAULT_MAIL_LANGUAGE;
  const tag = requested.trim().toLowerCase();
  if (MAIL_LANGUAGES.includes(tag)) return tag;
  const base = tag.split('-')[0] ?? '';
  return MAIL_LANGUAGES.includes(base) ? base : DEFAULT_MAIL_LANGUAGE;
}

/** The best catalogue language for an Accept-Language header (the mail of the person asking). */
export function languageOfRequest(acceptLanguage: string | string[] | undefined): string {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return DEFAULT_MAIL_LANGUAGE;
  const preferred = new Negotiator({ headers: { 'accept-language': header } }).languages();
  for (const tag of preferred) {
    const found = catalogueLanguage(tag);
    if (found !== DEFAULT_MAIL_LANGUAGE || tag.toLowerCase().startsWith(DEFAULT_MAIL_LANGUAGE)) return found;
  }
  return DEFAULT_MAIL_LANGUAGE;
}

export type Translate = TFunction<'mail'>;

/** How many distinct phrases a language keeps ready; the cache starts over when full. */
const REMEMBERED_PHRASES = 2_000;
const remembered = new Map<string, { t: Translate; phrases: Map<string, string> }>();
/** Stands for the i-th string value while a phrase is translated (a private-use character: no catalogue has it). */
const slot = (i: number) => `\ue000${i}\ue000`;
const SLOTS = /\ue000(\d+)\ue000/g;

/**
 * The words of one language, fixed for a template to use. A phrase is translated once per key and
 * numbers, with its string values (names, titles) as slots filled in afterwards: i18next took
 * about 25 µs a call, and a reminder pass asks the same phrases tens of thousands of times
 * (decision 163). The catalogues interpolate values as they are (no formats, no nesting) and plurals
 * follow `count`, a number, so the slots give what i18next would.
 */
export function wordsOf(language: string): Translate {
  const code = catalogueLanguage(language);
  let entry = remembered.get(code);
  if (!entry) {
    entry = { t: i18n.getFixedT(code, 'mail'), phrases: new Map() };
    remembered.set(code, entry);
  }
  const { t, phrases } = entry;
  const cached = (key: string, options?: Record<string, unknown>): string => {
    if (options === undefined) return phraseOf(key, key, undefined);
    const strings: string[] = [];
    const slotted: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(options)) {
      if (typeof value === 'string' && !value.includes('\ue000')) {
        slotted[name] = slot(strings.length);
        strings.push(value);
      } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
        slotted[name] = value;
      } else return String(t(key, options));
    }
    const phrase = phraseOf(`${key}\u0000${JSON.stringify(slotted)}`, key, slotted);
    return strings.length ? phrase.replace(SLOTS, (_, i: string) => strings[Number(i)] ?? '') : phrase;
  };
  const phraseOf = (id: string, key: string, options: Record<string, unknown> | undefined): string => {
    let phrase = phrases.get(id);
    if (phrase === undefined) {
      phrase = String(t(key, options));
      if (phrases.size >= REMEMBERED_PHRASES) phrases.clear();
      phrases.set(id, phrase);
    }
    return phrase;
  };
  // TFunction's overloads (typed keys, returnObjects, …) cannot be written by a plain function;
  // templates only ever call it with a key and plain values, which `cached` serves.
  return cached as unknown as Translate;
}
