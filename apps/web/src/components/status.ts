import type { StatusWord } from '@academy/contract';

/**
 * The colour of each word of the status vocabulary (decision 95), as theme colours — never a hex
 * literal (decision 96): a badge or bar draws a Mantine palette colour, which the theme's variant
 * resolver reads darker on light and lighter on dark; text uses the scheme's `--academy-*` roles.
 */
export const STATUS_COLOR: Record<StatusWord, string> = {
  NOT_STARTED: 'gray',
  IN_PROGRESS: 'blue',
  PASSED: 'green',
  FAILED: 'red',
  TIME_OUT: 'orange',
  LOCKED: 'grape',
};

/** The word written as text on the page (a result's heading): a colour role set per scheme. */
export const STATUS_TEXT_COLOR: Record<StatusWord, string> = {
  NOT_STARTED: 'var(--mantine-color-dimmed)',
  IN_PROGRESS: 'var(--academy-ink)',
  PASSED: 'var(--academy-success-text)',
  FAILED: 'var(--academy-danger-text)',
  TIME_OUT: 'var(--academy-accent-text)',
  LOCKED: 'var(--academy-danger-text)',
};

/** The locale key of a word's label (en.json `status`). */
export const statusLabelKey = (word: StatusWord) => `status.${word}` as const;
