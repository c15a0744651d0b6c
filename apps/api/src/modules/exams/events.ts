import type { AppEvents } from '../../events';
import type { Events } from '../../platform/events';

/** What the exams module publishes: study's course completions (through grading) and lock changes. */
export type ExamEvents = Events<
  Pick<AppEvents, 'courseCompleted' | 'lessonStarted' | 'examLocked' | 'examUnlocked'>
>;
