/**
 * SCORM lessons (issue 25): the lesson form's package field (for features/courses) and the
 * learner's player (for features/academy).
 */
export { importUploadedPackage, removePackage, saveScormSettings } from './api';
export { PackageField, type StagedPackage } from './PackageField';
