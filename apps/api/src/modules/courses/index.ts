/** Courses, their topics and lessons, lesson documents: authoring (COURSE_MANAGEMENT) and reading. */
export { courseFacts, coursesGrantingCount, existingCourseIdsSql, lessonNameOf } from './query-pieces';
export { courseOptions } from './read';
export { courseRoutes } from './routes';
