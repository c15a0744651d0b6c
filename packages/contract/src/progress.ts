import { z } from 'zod';
import { CERTIFICATE_STATUSES } from './certificates';
import { ZPageQuery } from './common';
import { PACKAGE_KINDS, VIDEO_KINDS } from './courses';
import { ZExamStanding, ZStaffAttempt } from './exams';
import { MESSAGES } from './messages';
import { ROLE_CODES } from './permissions';
import { LESSON_STATUSES } from './study';
import { USER_ACCESS } from './users';

/**
 * Progress reports (SPEC §2 /management/progress, progress/detail/{id}, …/login-history and
 * /training-academy/study-progress; §4 learning progress states). A report row is one learner in
 * one course: a course they have started, or one their roadmap assigns them.
 */

export const PROGRESS_MESSAGES = {
  dateInvalid: MESSAGES.dateInvalid,
  endBeforeStart: 'The end time must be equal or greater than the start time',
} as const;

/**
 * SPEC §4 learning progress, per learner and course: studying, passed (every lesson passed),
 * failed (an exam failed and not passed since), not studying (IDLE: on their roadmap, not started).
 * Shown in the words of the one status vocabulary (PROGRESS_STATUS_WORD, decision 95).
 */
export const PROGRESS_STATUSES = ['STUDYING', 'PASSED', 'FAILED', 'IDLE'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

const zId = z.coerce.number().int().positive().optional();
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** True for a real calendar day written 'YYYY-MM-DD'. */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
}

/** An optional calendar day 'YYYY-MM-DD' (blank is none); anything else is "Time is not valid". */
export const zDay = z.preprocess(
  blankToUndefined,
  z.string().trim().refine(isDay, PROGRESS_MESSAGES.dateInvalid).optional(),
);

const filterShape = {
  q: z.string().trim().max(255).optional(),
  serviceId: zId,
  branchId: zId,
  departmentId: zId,
  courseId: zId,
  status: z.preprocess(blankToUndefined, z.enum(PROGRESS_STATUSES).optional()),
  /** Studied on or after this day (UTC). */
  from: zDay,
  /** Studied on or before this day (UTC). */
  to: zDay,
};

function checkRange(f: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (f.from && f.to && f.to < f.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: PROGRESS_MESSAGES.endBeforeStart });
  }
}

/** The report's filters, shared by the list, the dashboard and the export. */
export const ZProgressFilters = z.object(filterShape).superRefine(checkRange);
export type TProgressFilters = z.input<typeof ZProgressFilters>;
export type ProgressFilter = z.output<typeof ZProgressFilters>;

export const ZProgressListQuery = ZPageQuery.extend(filterShape).superRefine(checkRange);
export type TProgressListQuery = z.infer<typeof ZProgressListQuery>;

/** One learner in one course. */
export const ZProgressRow = z.object({
  userId: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  serviceName: z.string().nullable(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  courseId: z.number().int(),
  courseName: z.string(),
  lessonCount: z.number().int(),
  passedLessons: z.number().int(),
  percent: z.number().int(),
  status: z.enum(PROGRESS_STATUSES),
  /** The course is on the learner's roadmap. */
  assigned: z.boolean(),
  startedAt: z.string().nullable(),
  lastStudiedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TProgressRow = z.infer<typeof ZProgressRow>;

/** The dashboard above the list, for the same filters. */
export const ZProgressSummary = z.object({
  /** Learner-course rows and distinct learners matching the filters. */
  rows: z.number().int(),
  learners: z.number().int(),
  byStatus: z.object({
    STUDYING: z.number().int(),
    PASSED: z.number().int(),
    FAILED: z.number().int(),
    IDLE: z.number().int(),
  }),
  /** Passed rows / rows, 0–100 (one decimal). */
  completionRate: z.number(),
  /** Per course: finished exam attempts of these learners and how many passed. */
  examPassRates: z.array(
    z.object({
      courseId: z.number().int(),
      courseName: z.string(),
      attempts: z.number().int(),
      passed: z.number().int(),
      rate: z.number(),
    }),
  ),
});
export type TProgressSummary = z.infer<typeof ZProgressSummary>;

/**
 * A SCORM or cmi5 lesson's package as the reports show it (issue 25, point 5): in the learner's
 * current cycle of the course, its standing in the lessons' words (SCORM: passed when an attempt
 * passed, failed when the latest finished without passing, studying once launched; cmi5: passed
 * when the course is satisfied, else studying), the score in percent (SCORM: of the attempt
 * shown; cmi5: the mean of its AUs' scaled scores), the time its sessions credited, the attempts
 * (cmi5: sessions) and the attempts allowed (SCORM; 0 = unlimited).
 */
export const ZPackageResult = z.object({
  kind: z.enum(PACKAGE_KINDS),
  status: z.enum(LESSON_STATUSES),
  scorePercent: z.number().int().nullable(),
  totalSeconds: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  lastAt: z.string().nullable(),
});
export type TPackageResult = z.infer<typeof ZPackageResult>;

export const ZLearnerLesson = z.object({
  id: z.number().int(),
  name: z.string(),
  topicName: z.string(),
  /** What the lesson plays: a video (youtube, upload), a SCORM package or a cmi5 course. */
  contentKind: z.enum(VIDEO_KINDS),
  status: z.enum(LESSON_STATUSES),
  /** Time viewed: study time credited, in seconds. */
  creditedSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
  hasExam: z.boolean(),
  examPassed: z.boolean(),
  passed: z.boolean(),
  lastStudiedAt: z.string().nullable(),
  /** When it was passed (the last time studied for a lesson passed before this was recorded); null when not passed. */
  passedAt: z.string().nullable(),
  /** A SCORM or cmi5 lesson's package once the learner launched it; null otherwise. */
  package: ZPackageResult.nullable(),
});
export type TLearnerLesson = z.infer<typeof ZLearnerLesson>;

export const ZLearnerCourse = ZProgressRow.pick({
  courseId: true,
  courseName: true,
  lessonCount: true,
  passedLessons: true,
  percent: true,
  status: true,
  assigned: true,
  startedAt: true,
  lastStudiedAt: true,
  finishedAt: true,
}).extend({
  /** The learner's cycle of the course: 1, then 2… each time a recertification starts it over (decision 105). */
  cycle: z.number().int(),
  lessons: z.array(ZLearnerLesson),
});
export type TLearnerCourse = z.infer<typeof ZLearnerCourse>;

/**
 * An earlier cycle of a course (decision 105): what the learner did before their progress started
 * over for a recertification — lessons passed, exam results, the certificate earned. Kept as history.
 */
export const ZEarlierCycle = z.object({
  courseId: z.number().int(),
  courseName: z.string(),
  cycle: z.number().int(),
  /** When the next cycle opened (this one's progress went into history). */
  endedAt: z.string(),
  /** When its last lesson was passed, if every lesson was. */
  finishedAt: z.string().nullable(),
  passedLessons: z.number().int(),
  lessonCount: z.number().int(),
  exams: z.array(
    z.object({
      examId: z.number().int(),
      lessonName: z.string(),
      attempts: z.number().int(),
      bestMark: z.number().int().nullable(),
      passed: z.boolean(),
    }),
  ),
  certificate: z
    .object({
      id: z.number().int(),
      code: z.string(),
      issuedAt: z.string(),
      expiresAt: z.string().nullable(),
      status: z.enum(CERTIFICATE_STATUSES),
    })
    .nullable(),
});
export type TEarlierCycle = z.infer<typeof ZEarlierCycle>;

/** GET progress/users/{id}: the learner, their courses with lessons, exam attempts and standings. */
export const ZLearnerProgress = z.object({
  user: z.object({
    id: z.number().int(),
    employeeCode: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    role: z.enum(ROLE_CODES),
    access: z.enum(USER_ACCESS),
    serviceName: z.string().nullable(),
    branchName: z.string().nullable(),
    departmentName: z.string().nullable(),
    authorizationName: z.string().nullable(),
    position: z.string().nullable(),
  }),
  courses: z.array(ZLearnerCourse),
  /** Newest first; each with its lesson and course (the exam's id is its lesson's id). */
  attempts: z.array(ZStaffAttempt.extend({ lessonName: z.string(), courseName: z.string() })),
  standings: z.array(ZExamStanding),
  /** Earlier cycles of recertified courses, newest first. */
  cycles: z.array(ZEarlierCycle),
});
export type TLearnerProgress = z.infer<typeof ZLearnerProgress>;

export const ZLoginEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TLoginEntry = z.infer<typeof ZLoginEntry>;

export const ZLoginHistoryQuery = ZPageQuery.pick({ page: true, size: true });

/**
 * Where a learner stands in one exam, as "My exam results" shows it: an attempt running now,
 * passed, locked, failed (their last finished attempt), or started but never finished.
 */
export const MY_EXAM_STATUSES = ['IN_PROGRESS', 'PASSED', 'LOCKED', 'FAILED', 'NOT_TAKEN'] as const;
export type MyExamStatus = (typeof MY_EXAM_STATUSES)[number];

/** GET my-progress: the learner's own courses with lessons and exam results. */
export const ZMyProgress = z.object({
  courses: z.array(ZLearnerCourse),
  exams: z.array(
    z.object({
      examId: z.number().int(),
      lessonName: z.string(),
      courseId: z.number().int(),
      courseName: z.string(),
      attempts: z.number().int(),
      bestMark: z.number().int().nullable(),
      lastMark: z.number().int().nullable(),
      lastResult: z.enum(['PASSED', 'FAILED']).nullable(),
      passed: z.boolean(),
      locked: z.boolean(),
      /** An attempt is running now (it is neither passed nor failed yet). */
      inProgress: z.boolean(),
      status: z.enum(MY_EXAM_STATUSES),
      lastAttemptAt: z.string().nullable(),
    }),
  ),
  /** Earlier cycles of recertified courses, newest first. */
  cycles: z.array(ZEarlierCycle),
});
export type TMyProgress = z.infer<typeof ZMyProgress>;

/** GET my-transcript?format=: the learner's own record as a file (decision 94). */
export const TRANSCRIPT_FORMATS = ['pdf', 'xlsx'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export const TRANSCRIPT_MESSAGES = {
  format: 'The transcript format must be pdf or xlsx',
} as const;

export const ZTranscriptQuery = z.object({
  /** PDF when not given. */
  format: z.enum(TRANSCRIPT_FORMATS, { error: TRANSCRIPT_MESSAGES.format }).default('pdf'),
});

/** Export columns (one row per learner and course). */
export const PROGRESS_EXPORT_COLUMNS = [
  { key: 'employeeCode', header: 'Employee code', width: 16 },
  { key: 'fullName', header: 'Full name', width: 26 },
  { key: 'serviceName', header: 'Service', width: 18 },
  { key: 'branchName', header: 'Branch', width: 24 },
  { key: 'departmentName', header: 'Department', width: 20 },
  { key: 'courseName', header: 'Course', width: 32 },
  { key: 'passedLessons', header: 'Lessons passed', width: 14 },
  { key: 'lessonCount', header: 'Lessons', width: 10 },
  /** A number cell formatted as a percentage (0.5 shows 50%). */
  { key: 'percent', header: 'Progress %', width: 11 },
  { key: 'status', header: 'Status', width: 14 },
  { key: 'assigned', header: 'On roadmap', width: 12 },
  { key: 'startedAt', header: 'Started', width: 20 },
  { key: 'lastStudiedAt', header: 'Last studied', width: 20 },
  { key: 'finishedAt', header: 'Finished', width: 20 },
] as const;

/**
 * The export's second sheet (issue 25, point 5): one row per learner and SCORM or cmi5 lesson
 * they launched, in the courses of the first sheet's rows.
 */
export const PACKAGE_EXPORT_SHEET = 'Package lessons';
export const PACKAGE_EXPORT_COLUMNS = [
  { key: 'employeeCode', header: 'Employee code', width: 16 },
  { key: 'fullName', header: 'Full name', width: 26 },
  { key: 'courseName', header: 'Course', width: 32 },
  { key: 'lessonName', header: 'Lesson', width: 32 },
  { key: 'kind', header: 'Type', width: 8 },
  { key: 'status', header: 'Status', width: 12 },
  { key: 'lessonPassed', header: 'Lesson passed', width: 14 },
  { key: 'score', header: 'Score', width: 8 },
  { key: 'time', header: 'Time', width: 10 },
  { key: 'attempts', header: 'Attempts', width: 10 },
  { key: 'attemptsAllowed', header: 'Attempts allowed', width: 16 },
  { key: 'lastAt', header: 'Last activity', width: 20 },
] as const;

export const PACKAGE_KIND_LABELS: Record<(typeof PACKAGE_KINDS)[number], string> = {
  scorm: 'SCORM',
  cmi5: 'cmi5',
};
