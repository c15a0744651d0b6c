/** Courses, their topics and lessons, lesson documents: authoring (COURSE_MANAGEMENT) and reading. */
export { documentsOf, documentsOfLesson, findDocument, openDocumentFile } from './documents';
export type { LearnerProgress } from './learner-progress';
export {
  getLesson,
  lessonExamInfo,
  markCmi5Lesson,
  markScormLesson,
  setLessonExamQuestionCount,
  setLessonExamSettings,
} from './lesson-service';
export { type CourseName, courseAndLessonNames, type LessonName } from './names';
export {
  courseFacts,
  coursesGrantingCount,
  existingCourseIdsSql,
  lessonFacts,
  lessonNameOf,
  lessonOutline,
} from './query-pieces';
export {
  courseColumns,
  courseOptions,
  coursePage,
  coursesOfService,
  featuredCourses,
  getCourse,
  lessonVideo,
  listOrder,
  toCourse,
} from './read';
export { courseRoutes } from './routes';
export { simplePdf } from './samples';
export { courseSearchSql, documentSearchSql, lessonSearchSql } from './search';
