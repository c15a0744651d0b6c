/** Studying: my courses, lesson progress and gating, watch time, course completion, documents. */
export { documentDownloadRoutes } from './document-route';
export { unlockedLesson } from './learner';
export { courseHasProgressSql, hasProgress, passedLessonsSql, startedCourseSql } from './my-courses';
export { studyRoutes } from './routes';
