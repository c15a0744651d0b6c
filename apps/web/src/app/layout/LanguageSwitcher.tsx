import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../lib/i18n';

/** SPEC §1: the switcher offers English only; the choice is kept in local storage. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('nav.language')}
      size="xs"
      value={i18n.language}
      onChange={(event) => setLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
    />
  );
}
