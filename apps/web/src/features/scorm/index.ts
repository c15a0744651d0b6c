/**
 * SCORM lessons (issue 25): the lesson form's package field (for features/courses). The learner's
 * player (ScormLesson.tsx) is found by features/study on its own, lazily (ScormLessonSlot).
 */
export { importUploadedPackage, removePackage, saveScormSettings } from './api';
export { PackageField, type StagedPackage } from './PackageField';
