import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zWholeNumber } from './courses';
import { zId, zOptionalText } from './forms';
import { LIMITS } from './limits';

/**
 * Exams (SPEC §3 Question, Exam attempt; §4 exam rules; §5 question validation; §7 calls).
 * A lesson has at most one exam and the exam's id IS the lesson's id (`exam_id` = lesson id).
 */

/** User-visible exam messages (SPEC §5 and §8 wording where the SPEC gives one). */
export const EXAM_MESSAGES = {
  noExam: 'There is no exam!',
  noQuestions: 'Exam has no questions. Please contact your administrator',
  locked: 'Exceed the number of exam taken',
  needsBlank: 'The content needs at least one blank',
  blanksMismatch: 'The number of content parts must match the number of blanks',
  needsCorrectAnswer: 'There must be at least one correct answer',
  singleNeedsOneCorrect: 'A single choice question has exactly one correct answer',
  needsTwoOptions: 'A question needs at least two options',
  blankAnswerNotAnOption: "Each blank's correct answer must be one of the options",
  questionNotFound: 'This question does not exist',
  attemptNotFound: 'This exam attempt does not exist',
  noOpenAttempt: 'Start the exam first',
  attemptClosed: 'This exam attempt is already finished',
  attemptNotSubmitted: 'Submit the exam before checking the answers',
  timeUp: 'Time is up: the exam was closed and counts as failed. Please retake it',
  alreadyPassed: 'You have already passed this exam',
  lastAttemptWarning: 'This is your last attempt: failing it locks the exam',
  cheatingWarning:
    'You left the exam (another tab or window, or a screenshot). Your exam was submitted and flagged as cheating.',
  notLocked: 'This exam is not locked for this learner',
  noAccommodation: 'This learner has no accommodation in this exam',
  importHasErrors: 'The file has errors: nothing was imported',
  importNotExcel: 'Please upload the Excel template (.xlsx)',
  importEmpty: 'The file has no questions',
  importTooLarge:
    'The file is too large for a question sheet: at most 2,000 rows, 64 columns and 20 MB once unpacked',
  tooManyQuestions: 'An exam can have at most 500 questions',
  changedConcurrently: 'The exam changed at the same time, please try again',
  requiredAboveQuestions:
    'The required correct answers cannot be more than the questions in the exam: add questions or lower the number',
  deleteBelowRequired:
    'This question cannot be deleted: fewer questions would remain than the correct answers the exam requires. Lower the required correct answers first',
} as const;

/**
 * An exam never requires more correct answers than it has questions; an exam without questions
 * (still being authored) may require any number. The API refuses settings and question deletes
 * that break it; the web warns before (decision 73).
 */
export function requiredFitsQuestions(required: number, questionCount: number): boolean {
  return questionCount === 0 || required <= questionCount;
}

export const EXAM_LIMITS = {
  content: LIMITS.text,
  taskText: LIMITS.description,
  optionText: 1000,
  maxOptions: 10,
  maxWordBank: 20,
  maxBlanks: 20,
  maxAnswersPerBlank: 10,
  maxDisplaySeconds: 3600,
  maxQuestions: 500,
  importBytes: 5 * 1024 * 1024,
  /** A question sheet once unpacked: rows (blank ones included), columns and bytes. */
  importRows: 2000,
  importColumns: 64,
  importUnpackedBytes: 20 * 1024 * 1024,
} as const;

/**
 * Server-side timing. An attempt's deadline is its start + the lesson's time limit; answers
 * arriving up to `graceSeconds` after it still count (network delay); later ones are refused
 * and the attempt closes as failed. A job closes forgotten attempts every `closeJobSeconds`.
 */
export const EXAM_TIMING = {
  graceSeconds: 10,
  closeJobSeconds: 30,
  /** The player saves answers this long after the last change (and at once on navigation). */
  autosaveDelayMs: 1500,
} as const;

export const QUESTION_TYPES = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FILL_BLANKS'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
  FILL_BLANKS: 'Fill in the blanks',
};

/** In a fill-in-the-blanks text, three or more underscores mark a blank. */
export const BLANK_MARKER = /_{3,}/g;

/** The text around the blanks: always one more part than blanks. */
export function contentParts(content: string): string[] {
  return content.split(BLANK_MARKER);
}

export function countBlanks(content: string): number {
  return contentParts(content).length - 1;
}

/** How blank answers are compared: trimmed, inner whitespace folded, case folded. */
export function foldAnswer(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** Opaque option ids: random, so their order says nothing about which option is correct. */
export const zOptionId = z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, 'Not a valid option id');

const zDisplaySeconds = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zWholeNumber(0, EXAM_LIMITS.maxDisplaySeconds).optional(),
);

const questionCommon = {
  content: zRequiredText(EXAM_LIMITS.content),
  taskDescription: zOptionalText(EXAM_LIMITS.taskText),
  taskGuide: zOptionalText(EXAM_LIMITS.taskText),
  /** Suggested time for the question in seconds (shown to the learner); blank = none. */
  displaySeconds: zDisplaySeconds,
};

export const ZChoiceOptionInput = z.object({
  id: zOptionId.optional(),
  text: zRequiredText(EXAM_LIMITS.optionText),
  correct: z.boolean().default(false),
});

/** Single or multiple choice: two or more options, at least one correct (exactly one for single). */
export const ZChoiceQuestionInput = z
  .object({
    type: z.enum(['SINGLE_CHOICE', 'MULTIPLE_CHOICE']),
    ...questionCommon,
    options: z
      .array(ZChoiceOptionInput)
      .min(2, EXAM_MESSAGES.needsTwoOptions)
      .max(EXAM_LIMITS.maxOptions, `At most ${EXAM_LIMITS.maxOptions} options`),
  })
  .superRefine((q, ctx) => {
    const correct = q.options.filter((o) => o.correct).length;
    if (correct === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: EXAM_MESSAGES.needsCorrectAnswer });
    } else if (q.type === 'SINGLE_CHOICE' && correct > 1) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: EXAM_MESSAGES.singleNeedsOneCorrect });
    }
  });

export const ZBlankInput = z.object({
  /** Accepted answers of one blank (alternatives); blank entries are dropped. */
  answers: z
    .array(
      z.string().trim().max(EXAM_LIMITS.optionText, `Must be at most ${EXAM_LIMITS.optionText} characters`),
    )
    .max(EXAM_LIMITS.maxAnswersPerBlank, `At most ${EXAM_LIMITS.maxAnswersPerBlank} answers per blank`)
    .transform((answers) => answers.filter((a) => a !== '')),
});

/**
 * Fill in the blanks: the content marks each blank with ___; `blanks` gives each blank's accepted
 * answers, in order; `options` is an optional word bank the learner picks from.
 */
export const ZFillBlanksQuestionInput = z
  .object({
    type: z.literal('FILL_BLANKS'),
    ...questionCommon,
    blanks: z.array(ZBlankInput).max(EXAM_LIMITS.maxBlanks, `At most ${EXAM_LIMITS.maxBlanks} blanks`),
    options: z
      .array(z.object({ id: zOptionId.optional(), text: zRequiredText(EXAM_LIMITS.optionText) }))
      .max(EXAM_LIMITS.maxWordBank, `At most ${EXAM_LIMITS.maxWordBank} options`)
      .default([]),
  })
  .superRefine((q, ctx) => {
    const blanks = countBlanks(q.content);
    if (blanks === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: EXAM_MESSAGES.needsBlank });
      return;
    }
    if (blanks !== q.blanks.length) {
      ctx.addIssue({ code: 'custom', path: ['blanks'], message: EXAM_MESSAGES.blanksMismatch });
      return;
    }
    const bank = new Set(q.options.map((o) => foldAnswer(o.text)));
    q.blanks.forEach((blank, i) => {
      if (blank.answers.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['blanks', i, 'answers'],
          message: EXAM_MESSAGES.needsCorrectAnswer,
        });
      } else if (bank.size > 0 && !blank.answers.some((a) => bank.has(foldAnswer(a)))) {
        ctx.addIssue({
          code: 'custom',
          path: ['blanks', i, 'answers'],
          message: EXAM_MESSAGES.blankAnswerNotAnOption,
        });
      }
    });
  });

/** POST exams/{id}/questions, PUT exam-questions/{id}. */
export const ZQuestionInput = z.discriminatedUnion('type', [ZChoiceQuestionInput, ZFillBlanksQuestionInput]);
export type TQuestionInput = z.input<typeof ZQuestionInput>;
export type TQuestionInputParsed = z.output<typeof ZQuestionInput>;

/** A question as its authors see it, with the answers. Never sent to learners. */
export const ZAuthorQuestion = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  position: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  content: z.string(),
  taskDescription: z.string().nullable(),
  taskGuide: z.string().nullable(),
  displaySeconds: z.number().int().nullable(),
  /** Choice options with their correct flags, or the word bank (correct always false). */
  options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
  /** Fill in the blanks: each blank's accepted answers. Empty for choice questions. */
  blanks: z.array(z.object({ answers: z.array(z.string()) })),
});
export type TAuthorQuestion = z.infer<typeof ZAuthorQuestion>;

/**
 * When a learner's answer review shows the correct answers (decision 89): never (the default),
 * once the learner has passed the exam, or after each finished attempt. Never while an attempt
 * runs, whatever the setting.
 */
export const ANSWER_REVIEWS = ['NEVER', 'AFTER_PASSED', 'AFTER_EACH_ATTEMPT'] as const;
export type AnswerReview = (typeof ANSWER_REVIEWS)[number];

/** Exam settings. The time limit, required answers and lock live on the lesson (courses). */
export const ZExamSettings = z.object({
  examTimeLimitMinutes: z.number().int(),
  requiredCorrectAnswers: z.number().int(),
  /** Failed attempts before the exam locks; 0 = never. */
  maxFailedAttempts: z.number().int(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  answerReview: z.enum(ANSWER_REVIEWS),
});
export type TExamSettings = z.infer<typeof ZExamSettings>;

/** PUT exams/{id}/settings. */
export const ZExamSettingsInput = z.object({
  examTimeLimitMinutes: zWholeNumber(1, 24 * 60, 'The exam time must be a number greater than zero'),
  requiredCorrectAnswers: zWholeNumber(0, 1000),
  maxFailedAttempts: zWholeNumber(0, 1000).default(3),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  answerReview: z.enum(ANSWER_REVIEWS).default('NEVER'),
});
export type TExamSettingsInput = z.input<typeof ZExamSettingsInput>;

/** GET exams/{id}/authoring: the management exam page (course/topic/lesson/{id}). */
export const ZExamAuthoring = z.object({
  examId: z.number().int(),
  lesson: z.object({
    id: z.number().int(),
    name: z.string(),
    topicId: z.number().int(),
    topicName: z.string(),
    courseId: z.number().int(),
    courseName: z.string(),
  }),
  settings: ZExamSettings,
  questions: z.array(ZAuthorQuestion),
});
export type TExamAuthoring = z.infer<typeof ZExamAuthoring>;

/** PUT exams/{id}/questions/order: every question id once, in the new order. */
export const ZQuestionOrderInput = z.object({
  ids: z
    .array(zId)
    .min(1)
    .refine((ids) => new Set(ids).size === ids.length, 'The new order must list every item exactly once'),
});

/**
 * The Excel layout of question import and export (one question per row, from row 2).
 * Type: Single choice | Multiple choice | Fill in the blanks. Options 1–10: choice options, or the
 * word bank of a fill-in-the-blanks question. Correct: choice → option numbers ("1" or "1,3");
 * fill in the blanks → each blank's answers separated by ";" with alternatives separated by "|"
 * ("Paris|paris city; Madrid").
 */
export const QUESTION_SHEET_COLUMNS = [
  { key: 'type', header: 'Type', width: 18 },
  { key: 'content', header: 'Question', width: 60 },
  { key: 'correct', header: 'Correct', width: 24 },
  { key: 'taskDescription', header: 'Task description', width: 30 },
  { key: 'taskGuide', header: 'Task guide', width: 30 },
  { key: 'displaySeconds', header: 'Display time (seconds)', width: 12 },
  ...Array.from({ length: EXAM_LIMITS.maxOptions }, (_, i) => ({
    key: `option${i + 1}`,
    header: `Option ${i + 1}`,
    width: 24,
  })),
] as const;

/** POST exams/{id}/questions/import answers this (row errors answer 400 with fieldErrors "row N"). */
export const ZQuestionImportResult = z.object({
  imported: z.number().int(),
  questions: z.array(ZAuthorQuestion),
});
export type TQuestionImportResult = z.infer<typeof ZQuestionImportResult>;

// ——— The learner's side. Nothing below may carry an answer key. ———

/** A question as the learner sees it: options as {id, text} only, in the attempt's order. */
export const ZLearnerQuestion = z.object({
  id: z.number().int(),
  /** 1-based number in this attempt. */
  number: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  content: z.string(),
  /** Fill in the blanks: the text around the blanks (blankCount + 1 parts); else []. */
  parts: z.array(z.string()),
  blankCount: z.number().int(),
  taskDescription: z.string().nullable(),
  taskGuide: z.string().nullable(),
  displaySeconds: z.number().int().nullable(),
  /** Choice options, or the word bank of a fill-in-the-blanks question (may be empty). */
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type TLearnerQuestion = z.infer<typeof ZLearnerQuestion>;

/** GET questions/exams?exam_id=&page=0&size=999999999 (SPEC §7). */
export const ZExamQuestionsQuery = ZPageQuery.pick({ page: true, size: true }).extend({ exam_id: zId });

/** The learner's answer to one question: chosen option ids, or the text typed in each blank. */
export const ZAnswer = z.object({
  questionId: zId,
  optionIds: z.array(zOptionId).max(EXAM_LIMITS.maxOptions).default([]),
  blanks: z
    .array(z.string().max(EXAM_LIMITS.optionText, `Must be at most ${EXAM_LIMITS.optionText} characters`))
    .max(EXAM_LIMITS.maxBlanks)
    .default([]),
});
export type TAnswer = z.input<typeof ZAnswer>;
export type TAnswerParsed = z.output<typeof ZAnswer>;

export const ZAnswers = z.array(ZAnswer).max(EXAM_LIMITS.maxQuestions);

/**
 * An attempt runs (IN_PROGRESS) until it is submitted (SUBMITTED) or its time runs out (EXPIRED:
 * not passed, whatever its mark, and it counts as a failed attempt — decision 87).
 */
export const ATTEMPT_STATUSES = ['IN_PROGRESS', 'SUBMITTED', 'EXPIRED'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const ATTEMPT_RESULTS = ['PASSED', 'FAILED'] as const;
export type AttemptResult = (typeof ATTEMPT_RESULTS)[number];

/**
 * Why an attempt was submitted. TIME_UP: the player's countdown reached 0:00 (the attempt closes
 * as EXPIRED). TAB_LEFT (the tab was hidden) and PRINT_SCREEN are anti-cheat submissions: the
 * attempt is graded as it stands and flagged. A window blur alone only warns (WINDOW_BLUR event).
 */
export const SUBMIT_REASONS = ['SUBMIT', 'TIME_UP', 'TAB_LEFT', 'PRINT_SCREEN'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];
export const CHEAT_REASONS = ['TAB_LEFT', 'PRINT_SCREEN'] as const;

/**
 * Anti-cheat events recorded without submitting: copy and right-click (the player also blocks
 * them) and the window losing focus while the tab stays visible (the learner is warned).
 */
export const EXAM_EVENTS = ['COPY', 'CONTEXT_MENU', 'WINDOW_BLUR'] as const;

export const ZAttemptFlags = z.object({
  tabLeaves: z.number().int(),
  printScreens: z.number().int(),
  copies: z.number().int(),
  contextMenus: z.number().int(),
  /** The window lost focus while the exam tab stayed visible (warned, not submitted). */
  blurs: z.number().int(),
});
export type TAttemptFlags = z.infer<typeof ZAttemptFlags>;

/** An attempt in a list (the learner's own history, and staff's view with more fields). */
export const ZAttemptSummary = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  /** 1-based attempt number of this learner in this exam. */
  number: z.number().int(),
  /** The learner's cycle of the course when the attempt started (decision 105): 1, 2… */
  cycle: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  result: z.enum(ATTEMPT_RESULTS).nullable(),
  /** Correct answers in percent, 0–100 (null while in progress). */
  mark: z.number().int().nullable(),
  correctCount: z.number().int().nullable(),
  questionCount: z.number().int(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  endedAt: z.string().nullable(),
  cheating: z.boolean(),
});
export type TAttemptSummary = z.infer<typeof ZAttemptSummary>;

/** POST exams/{id}/start: the open attempt (created, or the one already running). */
export const ZOpenAttempt = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  number: z.number().int(),
  startedAt: z.string(),
  /** Decided by the server: start + time limit. */
  deadlineAt: z.string(),
  /** The server's clock when it answered, so the timer never trusts the browser's clock. */
  serverNow: z.string(),
  remainingSeconds: z.number(),
  questionCount: z.number().int(),
  /** Answers saved so far (autosave), so a reload resumes where the learner was. */
  answers: z.array(ZAnswer),
  /** Failing this attempt locks the exam. */
  lastAttempt: z.boolean(),
});
export type TOpenAttempt = z.infer<typeof ZOpenAttempt>;

/** GET exams/{id}/state: what the learner may do with a lesson's exam. */
export const ZExamState = z.object({
  examId: z.number().int(),
  lessonName: z.string(),
  courseId: z.number().int(),
  topicId: z.number().int(),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int(),
  requiredCorrectAnswers: z.number().int(),
  /** 0 = the exam never locks. */
  maxFailedAttempts: z.number().int(),
  failedAttempts: z.number().int(),
  /** Attempts left before the lock; null when it never locks. */
  attemptsLeft: z.number().int().nullable(),
  locked: z.boolean(),
  /** The next failure locks the exam (warned before starting). */
  lastAttemptWarning: z.boolean(),
  passed: z.boolean(),
  /** My time for an attempt in seconds: the time limit with my extra time. */
  allowedSeconds: z.number().int(),
  /** What staff gave me in this exam (decision 88), or null. */
  accommodation: z.object({ extraTimePercent: z.number().int(), extraAttempts: z.number().int() }).nullable(),
  /** When my review will show the correct answers. */
  answerReview: z.enum(ANSWER_REVIEWS),
  openAttempt: ZOpenAttempt.nullable(),
  /** My attempts, newest first. */
  attempts: z.array(ZAttemptSummary),
});
export type TExamState = z.infer<typeof ZExamState>;

/** PUT exams/attempts/{id}/answers: autosave. */
export const ZAutosaveInput = z.object({ answers: ZAnswers });
export const ZAutosaveResult = z.object({
  attemptId: z.number().int(),
  savedAt: z.string(),
  answeredCount: z.number().int(),
  remainingSeconds: z.number(),
});
export type TAutosaveResult = z.infer<typeof ZAutosaveResult>;

/** POST exams/process: submit an attempt (SPEC §7). */
export const ZExamSubmit = z.object({
  attemptId: zId,
  answers: ZAnswers.default([]),
  reason: z.enum(SUBMIT_REASONS).default('SUBMIT'),
});
export type TExamSubmit = z.input<typeof ZExamSubmit>;

/** The result screen. Says how many answers were right, never what the right answers are. */
export const ZExamResult = ZAttemptSummary.extend({
  passed: z.boolean(),
  requiredCorrectAnswers: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  locked: z.boolean(),
  /** Set when the attempt was submitted by the anti-cheat rule. */
  cheatingWarning: z.string().nullable(),
  /** The lesson is passed now (study time and exam). */
  lessonPassed: z.boolean(),
  /** The lesson that opened thanks to this pass, if any. */
  nextLessonId: z.number().int().nullable(),
});
export type TExamResult = z.infer<typeof ZExamResult>;

/** POST exams/attempts/{id}/events (multipart or JSON): copy and right-click attempts. */
export const ZExamEventInput = z.object({ kind: z.enum(EXAM_EVENTS) });

/** POST user-answers/check-answers (multipart or JSON, SPEC §7): field attempt_id. */
export const ZCheckAnswersInput = z.object({ attempt_id: zId });

export const QUESTION_OUTCOMES = ['RIGHT', 'WRONG', 'UNANSWERED'] as const;
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number];

/**
 * The review of a finished attempt: per question the outcome and the learner's own answer, and
 * the correct answers only where the exam's answer review allows it (decision 89) — otherwise
 * there is no `correct` field and nothing of the answer key is sent.
 */
export const ZCheckAnswers = z.object({
  attemptId: z.number().int(),
  answerReview: z.enum(ANSWER_REVIEWS),
  /** The correct answers are in this review. */
  correctAnswersShown: z.boolean(),
  outcomes: z.array(
    z.object({
      questionId: z.number().int(),
      number: z.number().int(),
      type: z.enum(QUESTION_TYPES),
      content: z.string(),
      /** Fill in the blanks: the text around the blanks; else []. */
      parts: z.array(z.string()),
      /** The options as the attempt showed them (choice options or the word bank). */
      options: z.array(z.object({ id: z.string(), text: z.string() })),
      outcome: z.enum(QUESTION_OUTCOMES),
      /** Fill in the blanks: the outcome of each blank. */
      blankOutcomes: z.array(z.enum(QUESTION_OUTCOMES)),
      given: ZAnswer,
      /** The correct option ids, or each blank's accepted answers: absent unless the review allows. */
      correct: z.object({ optionIds: z.array(z.string()), blanks: z.array(z.array(z.string())) }).optional(),
    }),
  ),
});
export type TCheckAnswers = z.infer<typeof ZCheckAnswers>;

// ——— Staff: attempts and unlocking (PROGRESS_MANAGEMENT). ———

export const ZStaffAttempt = ZAttemptSummary.extend({
  userId: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  ip: z.string().nullable(),
  flags: ZAttemptFlags,
  cheatReason: z.enum(CHEAT_REASONS).nullable(),
});
export type TStaffAttempt = z.infer<typeof ZStaffAttempt>;

/** GET exam-attempts: filters by learner and exam, newest first. */
export const ZStaffAttemptQuery = ZPageQuery.pick({ page: true, size: true }).extend({
  userId: z.coerce.number().int().positive().optional(),
  examId: z.coerce.number().int().positive().optional(),
});

/** One learner's standing in one exam. */
export const ZExamStanding = z.object({
  examId: z.number().int(),
  lessonName: z.string(),
  userId: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  attempts: z.number().int(),
  failedAttempts: z.number().int(),
  locked: z.boolean(),
  lockedAt: z.string().nullable(),
  passed: z.boolean(),
  unlockedAt: z.string().nullable(),
});
export type TExamStanding = z.infer<typeof ZExamStanding>;

/** GET exam-standings: learners' standings, e.g. `locked=true` for the ones to unlock. */
export const ZExamStandingQuery = ZPageQuery.pick({ page: true, size: true }).extend({
  examId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  locked: z.enum(['true', 'false']).optional(),
});

/** POST exams/{id}/unlock. */
export const ZUnlockInput = z.object({ userId: zId });

// ——— Staff: per-learner accommodations (PROGRESS_MANAGEMENT, decision 88). ———

export const ACCOMMODATION_LIMITS = { maxExtraTimePercent: 300, maxExtraAttempts: 100 } as const;

/** PUT exams/{id}/accommodations: one learner's extra time (percent) and extra attempts. */
export const ZAccommodationInput = z.object({
  userId: zId,
  extraTimePercent: zWholeNumber(0, ACCOMMODATION_LIMITS.maxExtraTimePercent),
  extraAttempts: zWholeNumber(0, ACCOMMODATION_LIMITS.maxExtraAttempts),
});
export type TAccommodationInput = z.input<typeof ZAccommodationInput>;

export const ZExamAccommodation = z.object({
  examId: z.number().int(),
  lessonName: z.string(),
  userId: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  extraTimePercent: z.number().int(),
  extraAttempts: z.number().int(),
  updatedAt: z.string(),
});
export type TExamAccommodation = z.infer<typeof ZExamAccommodation>;

/** GET exam-accommodations: by exam and/or learner, newest change first. */
export const ZAccommodationQuery = ZPageQuery.pick({ page: true, size: true }).extend({
  examId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** DELETE exams/{id}/accommodations/{userId}. */
export const ZAccommodationParams = z.object({ id: zId, userId: zId });
