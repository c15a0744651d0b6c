/**
 * The events modules publish to each other, by name, with their payloads. Publishers and handlers
 * import only this file; app.ts wires which module handles which event.
 */
export type AppEvents = {
  /** A learner has passed every lesson of a course (published by study; certificates are issued). */
  courseCompleted: { userId: number; courseId: number; at: Date };
  /** A learner's failures reached the exam's limit: the exam is locked for them (published by exams). */
  examLocked: { userId: number; examId: number; at: Date };
  /**
   * A locked exam opened again for a learner (published by exams): staff unlocked it, or gave
   * extra attempts that bring the learner back under the limit. `by` is the staff member.
   */
  examUnlocked: { userId: number; examId: number; at: Date; by: number };
  /** A learner opened a lesson for the first time (published by study; assignments note the start). */
  lessonStarted: { userId: number; courseId: number; at: Date };
  /** A learner's lesson has just become passed (published by study), with the time they studied it. */
  lessonPassed: { userId: number; lessonId: number; courseId: number; studiedSeconds: number; at: Date };
  /** A learner's exam attempt was graded (published by exams): its mark in percent and whether it passed. */
  examGraded: {
    userId: number;
    examId: number;
    attemptId: number;
    mark: number;
    passed: boolean;
    startedAt: Date;
    at: Date;
  };
};
