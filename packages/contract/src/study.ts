import { z } from 'zod';
import { ZCourse, ZLessonDocument, ZLessonVideo } from './courses';
import { zId } from './forms';

/** Learning progress of one lesson (SPEC §4): not studying, studying, passed, failed (exam). */
export const LESSON_STATUSES = ['IDLE', 'STUDYING', 'PASSED', 'FAILED'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

export const COURSE_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'FINISHED'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** GET my-courses (and the history): a course with the learner's progress in it. */
export const ZMyCourse = ZCourse.extend({
  passedLessons: z.number().int(),
  /** Passed lessons / lessons, 0–100, rounded down (100 only when every lesson is passed). */
  percent: z.number().int(),
  status: z.enum(COURSE_STATUSES),
  lastStudiedAt: z.string().nullable(),
  /** When the last lesson was passed, for finished courses. */
  finishedAt: z.string().nullable(),
});
export type TMyCourse = z.infer<typeof ZMyCourse>;

/** GET my-courses/course-percent/{courseId}. */
export const ZCoursePercent = z.object({
  courseId: z.number().int(),
  passedLessons: z.number().int(),
  totalLessons: z.number().int(),
  percent: z.number().int(),
});
export type TCoursePercent = z.infer<typeof ZCoursePercent>;

/** GET my-thematics?course_id=. */
export const ZMyThematicsQuery = z.object({ course_id: zId });
/** GET my-lessons?thematic_id=. */
export const ZMyLessonsQuery = z.object({ thematic_id: zId });

/** A topic of a course with the learner's state in it. */
export const ZMyThematic = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  /** False in an ordered course until every lesson of the earlier topics is passed. */
  open: z.boolean(),
  lessonCount: z.number().int(),
  passedLessons: z.number().int(),
  percent: z.number().int(),
  /**
   * The lesson the learner goes on with in this topic: the first unlocked one not passed, else the
   * first (null without lessons). Links to the topic open it, so its data starts with the page.
   */
  nextLessonId: z.number().int().nullable(),
});
export type TMyThematic = z.infer<typeof ZMyThematic>;

/** A lesson of a topic with the learner's state: never the exam's answers. */
export const ZMyLesson = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  topicId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  locked: z.boolean(),
  /** Why it is locked ("You have to finish the previous exam"), or null. */
  lockedMessage: z.string().nullable(),
  status: z.enum(LESSON_STATUSES),
  creditedSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
  /** The minimum study time is reached. */
  studyComplete: z.boolean(),
  hasExam: z.boolean(),
  examPassed: z.boolean(),
  passed: z.boolean(),
  videoDurationSeconds: z.number().int().nullable(),
  requiredCorrectAnswers: z.number().int(),
  examTimeLimitMinutes: z.number().int(),
  maxFailedAttempts: z.number().int(),
  documentCount: z.number().int(),
});
export type TMyLesson = z.infer<typeof ZMyLesson>;

/** GET lessons/{id}: a lesson to study. `video` and `documents` only when it is unlocked. */
export const ZLessonContent = ZMyLesson.extend({
  courseName: z.string(),
  topicName: z.string(),
  video: ZLessonVideo.nullable(),
  documents: z.array(ZLessonDocument),
  /** Where the player resumes: the last position credited by a heartbeat. */
  lastPositionSeconds: z.number(),
});
export type TLessonContent = z.infer<typeof ZLessonContent>;

/** PUT user-lesson/time-viewed: one heartbeat of the player. */
export const ZHeartbeat = z.object({
  lessonId: zId,
  /** A random id the player makes each time it opens a lesson (one per tab). */
  viewingId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'viewingId must be 8–64 letters, digits, - or _'),
  /** Current player position in seconds. */
  position: z
    .number()
    .min(0)
    .max(24 * 3600),
  /** The video is playing. */
  playing: z.boolean(),
  /** The tab is visible. */
  visible: z.boolean(),
  /** Sent once when the learner leaves the tab. */
  tabLeft: z.boolean().default(false),
  /** Sent when the viewing ends (the player closes), so another tab may take over at once. */
  ended: z.boolean().default(false),
});
export type THeartbeat = z.input<typeof ZHeartbeat>;

/** The lesson's progress as the learner sees it. */
export const ZLessonProgress = z.object({
  lessonId: z.number().int(),
  status: z.enum(LESSON_STATUSES),
  creditedSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
  studyComplete: z.boolean(),
  hasExam: z.boolean(),
  examPassed: z.boolean(),
  passed: z.boolean(),
  lastPositionSeconds: z.number(),
});
export type TLessonProgress = z.infer<typeof ZLessonProgress>;

/** The answer to a heartbeat. */
export const ZHeartbeatResult = ZLessonProgress.extend({
  /** Seconds credited by this heartbeat. */
  creditedNow: z.number(),
  /** Another tab of this learner is crediting this lesson: this one credits nothing. */
  activeElsewhere: z.boolean(),
  tabLeaves: z.number().int(),
  tabLeaveLimit: z.number().int(),
  /** Set when the learner left the tab too often: seek the player back to this position. */
  rewindTo: z.number().nullable(),
});
export type THeartbeatResult = z.infer<typeof ZHeartbeatResult>;
