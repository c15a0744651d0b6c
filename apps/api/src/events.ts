/**
 * The events modules publish to each other, by name, with their payloads. Publishers and handlers
 * import only this file; app.ts wires which module handles which event.
 */
export type AppEvents = {
  /**
   * A learner has passed every lesson of a course (published by study; certificates are issued), in
   * their `cycle` of it (1, then 2… after each recertification: decision 105).
   */
  courseCompleted: { userId: number; courseId: number; at: Date; cycle: number };
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
  /** A certificate was issued to a learner (published by certificates; the learner is notified). */
  certificateIssued: { userId: number; issuedId: number; courseId: number; courseName: string; code: string };
  /**
   * Courses were put on a roadmap (published by roadmaps when one is created or its path gains
   * courses): its learners — the users of that branch and authorization — are notified.
   */
  roadmapCoursesAdded: { roadmapId: number; branchId: number; authorizationId: number; courseIds: number[] };
  /**
   * An assignment of a course to a learner is due soon (for the assignments module to publish; the
   * notifications module tells the learner). `key` makes one notification per assignment and reminder.
   */
  assignmentDue: { userId: number; key: string; title: string; dueAt: Date; url: string };
};
