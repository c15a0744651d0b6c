/** Studying: my courses, lesson progress and gating, watch time, course completion, documents. */
export {
  completionLockKey,
  completionLockOfLessonSql,
  completionLockSql,
  type StudyEvents,
} from './completion';
export {
  type CycleEnd,
  currentCycleSql,
  currentCycleStartSql,
  currentCycles,
  type EndedCycle,
  endCycles,
  endedCycles,
} from './cycles';
export { documentDownloadRoutes } from './document-route';
export {
  type LessonStanding,
  learnerLesson,
  lessonContent,
  lessonStanding,
  lessonStandingAfter,
  myLessons,
  myThematics,
  unlockedLesson,
} from './learner';
export {
  courseHasProgressSql,
  hasProgress,
  myCourseHistory,
  myCoursePercent,
  myCourses,
  passedLessonsSql,
  startedCourseSql,
} from './my-courses';
export { openedLessonIdsSql } from './opened';
export {
  openLesson,
  type ProgressWrite,
  planExamResult,
  recordContentResult,
  recordExamResult,
  recordHeartbeat,
} from './progress';
export { type ProgressShape, progressWriteSql, type WrittenProgress } from './progress-write';
export {
  courseProgressRows,
  type LearnerLessonRow,
  learnerLessonRows,
  lessonPassedSql,
} from './report-pieces';
export { studyRoutes } from './routes';
export type { CourseTree, LessonNode } from './tree';
