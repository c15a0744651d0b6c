/**
 * What other features use of the learner's academy: the course card and featured courses (home),
 * every course (progress filters) and the refresh after a lesson's progress changes (study).
 */
export {
  featuredCoursesQuery,
  prefetchCoursePage,
  prefetchMyCourses,
  prefetchTopicPage,
  refreshLearnerLists,
  showLessonProgress,
  useAllCourses,
  useFeaturedCourses,
} from './api';
export { CourseCard } from './CourseCard';
