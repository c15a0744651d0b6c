/** What other modules may call in the study module (learner progress, gating). */

export type { StudyEvents } from './completion';
export type { LessonStanding } from './learner';
export {
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
} from './my-courses';
export { openLesson, recordExamResult, recordHeartbeat } from './progress';
export type { LessonNode } from './tree';
