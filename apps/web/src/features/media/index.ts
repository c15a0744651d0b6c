/**
 * Lesson videos uploaded to the academy: the lesson form's upload field and status (for
 * features/courses). The learner's player (LessonVideoPlayer.tsx) is found by features/study
 * on its own, lazily, so neither it nor hls.js weighs on other pages.
 */
export { VideoStatus } from './VideoStatus';
export { VideoUploadField } from './VideoUploadField';
