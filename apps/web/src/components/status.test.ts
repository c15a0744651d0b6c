import {
  ATTEMPT_RESULTS,
  ATTEMPT_STATUSES,
  attemptStatusWord,
  COURSE_STATUS_WORD,
  EXAM_STATUS_WORD,
  LESSON_STATUS_WORD,
  PROGRESS_STATUS_WORD,
  ROADMAP_STATE_WORD,
  STATUS_LABELS,
  STATUS_WORDS,
} from '@academy/contract';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { STATUS_COLOR, STATUS_TEXT_COLOR, statusLabelKey } from './status';

const label = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe('the status badge of every page (decision 95)', () => {
  it('has a label in every locale and a theme colour for each word, never a hex literal', () => {
    for (const word of STATUS_WORDS) {
      // The web's words are the server's (exports, transcript): one vocabulary.
      expect(label(statusLabelKey(word))).toBe(STATUS_LABELS[word]);
      expect(STATUS_COLOR[word]).toMatch(/^[a-z]+$/);
      expect(STATUS_TEXT_COLOR[word]).toMatch(/^var\(--[a-z-]+\)$/);
    }
  });

  it('labels and colours every status the API answers', () => {
    const words = [
      ...Object.values(LESSON_STATUS_WORD),
      ...Object.values(COURSE_STATUS_WORD),
      ...Object.values(PROGRESS_STATUS_WORD),
      ...Object.values(ROADMAP_STATE_WORD),
      ...Object.values(EXAM_STATUS_WORD),
      ...ATTEMPT_STATUSES.flatMap((status) =>
        [...ATTEMPT_RESULTS, null].map((result) => attemptStatusWord({ status, result })),
      ),
    ];
    for (const word of words) {
      expect(label(statusLabelKey(word))).toEqual(expect.any(String));
      expect(STATUS_COLOR[word]).toBeTruthy();
    }
  });

  it('shows an attempt in progress as "In progress" in blue, not as failed', () => {
    const word = attemptStatusWord({ status: 'IN_PROGRESS', result: null });
    expect(label(statusLabelKey(word))).toBe('In progress');
    expect(STATUS_COLOR[word]).not.toBe(STATUS_COLOR.FAILED);
    expect(label(statusLabelKey(EXAM_STATUS_WORD.IN_PROGRESS))).toBe('In progress');
  });

  it('gives a lesson the same word in the topic list, its header and the progress pages', () => {
    expect(LESSON_STATUS_WORD.STUDYING).toBe(PROGRESS_STATUS_WORD.STUDYING);
    expect(LESSON_STATUS_WORD.IDLE).toBe(PROGRESS_STATUS_WORD.IDLE);
  });
});
