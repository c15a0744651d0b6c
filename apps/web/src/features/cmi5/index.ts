/** cmi5 lessons (issue 26): the lesson form's course field (for features/courses). */
export { importUploadedCourse, removeCourse } from './api';
export { Cmi5CourseField } from './Cmi5CourseField';
