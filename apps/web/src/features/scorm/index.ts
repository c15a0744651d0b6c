/**
 * SCORM lessons (issue 25): the lesson form's package field (for features/courses). The learner's
 * player (ScormLesson.tsx) is found by features/study on its own, lazily (ScormLessonSlot). The
 * generic package field and player serve cmi5 lessons too (features/cmi5).
 */
export { importUploadedPackage, removePackage, saveScormSettings } from './api';
export { PackageField, type PackageSource, PackageUploadField, type StagedPackage } from './PackageField';
export { PackageLessonPending, StandingHeading, StatusDot, usePackageLaunch } from './PackageLesson';
export { PackagePlayer } from './PackagePlayer';
export { PackagePart, PackageSummaryCard } from './PackageSummaryCard';
