/**
 * The study player, shared by the learner's lesson page (features/academy) and the lesson form's
 * preview (features/courses). Other features import it from here only.
 */

export { Cmi5LessonSlot } from './Cmi5LessonSlot';
export { clock } from './clock';
export { ExamEntrySlot, hasExamEntry } from './ExamEntrySlot';
export { LessonDocuments } from './LessonDocuments';
export { LessonVideo } from './LessonVideo';
export type { PlayerHandle, StudyVideoProps } from './player';
export { ScormLessonSlot } from './ScormLessonSlot';
export { type StudySessionState, useStudySession } from './useStudySession';
export { YouTubeVideo } from './YouTubeVideo';
