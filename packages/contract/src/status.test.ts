import { describe, expect, it } from 'vitest';
import { ATTEMPT_RESULTS, ATTEMPT_STATUSES } from './exams';
import { MY_EXAM_STATUSES, PROGRESS_STATUSES } from './progress';
import { ROADMAP_STATES } from './roadmaps';
import {
  attemptStatusWord,
  COURSE_STATUS_WORD,
  EXAM_STATUS_WORD,
  LESSON_STATUS_WORD,
  PROGRESS_STATUS_WORD,
  percentText,
  ROADMAP_STATE_WORD,
  STATUS_LABELS,
  STATUS_WORDS,
} from './status';
import { COURSE_STATUSES, LESSON_STATUSES } from './study';

describe('one status vocabulary (decision 95)', () => {
  it('gives every status the API answers a word of the vocabulary, each with a label', () => {
    const maps: [readonly string[], Record<string, string>][] = [
      [LESSON_STATUSES, LESSON_STATUS_WORD],
      [COURSE_STATUSES, COURSE_STATUS_WORD],
      [PROGRESS_STATUSES, PROGRESS_STATUS_WORD],
      [ROADMAP_STATES, ROADMAP_STATE_WORD],
      [MY_EXAM_STATUSES, EXAM_STATUS_WORD],
    ];
    for (const [values, map] of maps) {
      expect(Object.keys(map).sort()).toEqual([...values].sort());
      for (const value of values) expect(STATUS_WORDS).toContain(map[value]);
    }
    for (const status of ATTEMPT_STATUSES)
      for (const result of [...ATTEMPT_RESULTS, null])
        expect(STATUS_WORDS).toContain(attemptStatusWord({ status, result }));
    for (const word of STATUS_WORDS) expect(STATUS_LABELS[word]).toMatch(/^[A-Z][a-z ]+$/);
  });

  it('says the same word for a lesson in the list and in its header, whichever enum carries it', () => {
    // The topic's list and the lesson's header read LessonStatus; the progress pages ProgressStatus.
    expect(STATUS_LABELS[LESSON_STATUS_WORD.IDLE]).toBe('Not started');
    expect(STATUS_LABELS[PROGRESS_STATUS_WORD.IDLE]).toBe('Not started');
    expect(STATUS_LABELS[LESSON_STATUS_WORD.STUDYING]).toBe('In progress');
    expect(STATUS_LABELS[PROGRESS_STATUS_WORD.STUDYING]).toBe('In progress');
    expect(STATUS_LABELS[COURSE_STATUS_WORD.IN_PROGRESS]).toBe('In progress');
    expect(STATUS_LABELS[ROADMAP_STATE_WORD.IN_PROGRESS]).toBe('In progress');
    expect(COURSE_STATUS_WORD.FINISHED).toBe(PROGRESS_STATUS_WORD.PASSED);
  });

  it('shows an attempt still running as in progress, never as failed', () => {
    expect(STATUS_LABELS[attemptStatusWord({ status: 'IN_PROGRESS', result: null })]).toBe('In progress');
    expect(STATUS_LABELS[EXAM_STATUS_WORD.IN_PROGRESS]).toBe('In progress');
    expect(attemptStatusWord({ status: 'EXPIRED', result: 'FAILED' })).toBe('TIME_OUT');
    expect(attemptStatusWord({ status: 'SUBMITTED', result: 'FAILED' })).toBe('FAILED');
    expect(attemptStatusWord({ status: 'SUBMITTED', result: 'PASSED' })).toBe('PASSED');
  });

  it('writes marks with a percent sign', () => {
    expect(percentText(60)).toBe('60%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(null)).toBe('—');
  });
});
