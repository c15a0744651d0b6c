/** Courses, their topics and lessons, lesson documents: authoring (COURSE_MANAGEMENT) and reading. */
export { courseRoutes } from './routes';
