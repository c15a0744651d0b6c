import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const LANGUAGES = [{ code: 'en', label: 'English' }] as const;
const STORAGE_KEY = 'academy.language';

function storedLanguage(): string {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return LANGUAGES.some((language) => language.code === stored) ? (stored as string) : 'en';
}

export function setLanguage(code: string): void {
  window.localStorage.setItem(STORAGE_KEY, code);
  void i18next.changeLanguage(code);
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export { i18next };
