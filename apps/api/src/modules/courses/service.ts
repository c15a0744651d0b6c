/** What other modules may call in the courses module (courses, topics, lessons, documents). */

export {
  getLesson,
  lessonExamInfo,
  setLessonExamQuestionCount,
  setLessonExamSettings,
} from './lesson-service';
export { courseAndLessonNames } from './names';
export { coursePage, coursesOfService, featuredCourses, getCourse } from './read';
