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

/** The words of one language, fixed for a template to use. */
export function wordsOf(language: string): Translate {
  return i18n.getFixedT(catalogueLanguage(language), 'mail');
}
