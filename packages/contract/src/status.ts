import type { AttemptResult, AttemptStatus } from './exams';
import type { MyExamStatus, ProgressStatus } from './progress';
import type { RoadmapState } from './roadmaps';
import type { CourseStatus, LessonStatus } from './study';

/**
 * The one status vocabulary (decision 95). Every learning status a person reads — a lesson in the
 * topic's list and in its header, a course on My progress and in the progress report, a roadmap
 * course, an exam on My exam results, an exam attempt, the exports and the transcript — is shown
 * as one of these words. The API keeps its own values (other tools read them); the maps below
 * turn each into its word, so a lesson that is "In progress" in the list is "In progress" in its
 * header, and an attempt still running is "In progress", never "Failed".
 */
export const STATUS_WORDS = ['NOT_STARTED', 'IN_PROGRESS', 'PASSED', 'FAILED', 'TIME_OUT', 'LOCKED'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

/** The words in English, for what the server writes (exports, transcript); the web app has them in its locales. */
export const STATUS_LABELS: Record<StatusWord, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  PASSED: 'Passed',
  FAILED: 'Failed',
  TIME_OUT: 'Time out',
  LOCKED: 'Locked',
};

/** A lesson (SPEC §4 learning progress): IDLE is not started, STUDYING in progress. */
export const LESSON_STATUS_WORD: Record<LessonStatus, StatusWord> = {
  IDLE: 'NOT_STARTED',
  STUDYING: 'IN_PROGRESS',
  PASSED: 'PASSED',
  FAILED: 'FAILED',
};

/** A course on My courses and My progress: finished (every lesson passed) is passed. */
export const COURSE_STATUS_WORD: Record<CourseStatus, StatusWord> = {
  NOT_STARTED: 'NOT_STARTED',
  IN_PROGRESS: 'IN_PROGRESS',
  FINISHED: 'PASSED',
};

/** A learner's course in the progress report, its detail and its export. */
export const PROGRESS_STATUS_WORD: Record<ProgressStatus, StatusWord> = {
  IDLE: 'NOT_STARTED',
  STUDYING: 'IN_PROGRESS',
  PASSED: 'PASSED',
  FAILED: 'FAILED',
};

/** A course of the learner's roadmap (SPEC §4: finished, in progress, not studied). */
export const ROADMAP_STATE_WORD: Record<RoadmapState, StatusWord> = {
  NOT_STUDIED: 'NOT_STARTED',
  IN_PROGRESS: 'IN_PROGRESS',
  FINISHED: 'PASSED',
};

/** An exam on My exam results and in the transcript: an attempt running now is in progress. */
export const EXAM_STATUS_WORD: Record<MyExamStatus, StatusWord> = {
  NOT_TAKEN: 'NOT_STARTED',
  IN_PROGRESS: 'IN_PROGRESS',
  PASSED: 'PASSED',
  FAILED: 'FAILED',
  LOCKED: 'LOCKED',
};

/**
 * One exam attempt: running is in progress (it has no result yet), an attempt whose time ran out
 * is "Time out" (decision 87), a submitted one is its result.
 */
export function attemptStatusWord(attempt: {
  status: AttemptStatus;
  result: AttemptResult | null;
}): StatusWord {
  if (attempt.status === 'IN_PROGRESS') return 'IN_PROGRESS';
  if (attempt.status === 'EXPIRED') return 'TIME_OUT';
  return attempt.result === 'PASSED' ? 'PASSED' : 'FAILED';
}

/** A mark or share in percent as every page, export and transcript writes it: "60%", "—" for none. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value}%`;
}
