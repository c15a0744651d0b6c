import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// The strings of the site's frame (header, its menus and drawer, footer, sign-in, errors) and the
// home page only: the rest of the catalogue is a file of its own that the other pages wait for
// (app/lazy-page.ts, decision 132). Named imports of the JSON keep the other groups out of the
// first load; a group joins this list only when the frame or the home page uses one of its keys.
import {
  academy,
  academyNav,
  auth,
  common,
  errors,
  footer,
  home,
  nav,
  notifications,
  search,
  userMenu,
} from '../locales/en.json';
// The whole catalogue as a hashed file of its own (immutable, compressed at build).
import catalogueUrl from '../locales/en.json?url';

export const LANGUAGES = [{ code: 'en', label: 'English' }] as const;
const STORAGE_KEY = 'academy.language';

function storedLanguage(): string {
  // The server renders in the default language (render.tsx).
  if (typeof window === 'undefined') return 'en';
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return LANGUAGES.some((language) => language.code === stored) ? (stored as string) : 'en';
}

export function setLanguage(code: string): void {
  window.localStorage.setItem(STORAGE_KEY, code);
  void i18next.changeLanguage(code);
}

const frame = {
  academy,
  academyNav,
  auth,
  common,
  errors,
  footer,
  home,
  nav,
  notifications,
  search,
  userMenu,
};

let allStrings: Promise<void> | undefined;

/** i18next's addResourceBundle with the options its implementation takes and its types leave out. */
type AddBundle = (
  lng: string,
  ns: string,
  resources: Record<string, unknown>,
  deep: boolean,
  overwrite: boolean,
  options: { silent: boolean; skipCopy: boolean },
) => unknown;
const addBundle: AddBundle = (...args) =>
  (i18next as unknown as { addResourceBundle: AddBundle }).addResourceBundle(...args);

/**
 * Adds the whole catalogue (once); components re-render with it when it arrives. The catalogue
 * holds every group of the frame's, whole, so it replaces them group by group (a shallow merge),
 * and its parsed JSON is ours alone: i18next need neither copy it (a JSON round trip of 70 KB)
 * nor walk it key by key, work done on the main thread before a course or lesson page renders.
 */
export function loadAllStrings(): Promise<void> {
  allStrings ??= fetch(catalogueUrl)
    .then((response) => response.json())
    .then((en: Record<string, unknown>) => {
      addBundle('en', 'translation', en, false, true, { silent: false, skipCopy: true });
    });
  return allStrings;
}

/** The whole catalogue, already at hand (the server's render): nothing is fetched. */
export function provideAllStrings(en: Record<string, unknown>): void {
  addBundle('en', 'translation', en, false, true, { silent: true, skipCopy: true });
  allStrings = Promise.resolve();
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: frame } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  // A string outside the frame's groups used before the catalogue arrived: load it, and the
  // component shows the string once it is added (bindI18nStore).
  saveMissing: true,
  missingKeyHandler: () => void loadAllStrings(),
  react: { bindI18nStore: 'added' },
});

export { i18next };
