import type { AppEvents } from '../../events';
import type { Events } from '../../platform/events';

/** What the exams module publishes: graded attempts, lock changes, and study's lesson starts, passes and course completions (through grading). */
export type ExamEvents = Events<
  Pick<
    AppEvents,
    'courseCompleted' | 'lessonStarted' | 'lessonPassed' | 'examGraded' | 'examLocked' | 'examUnlocked'
  >
>;
