/**
 * The events modules publish to each other, by name, with their payloads. Publishers and handlers
 * import only this file; app.ts wires which module handles which event.
 */
export type AppEvents = {
  /** A learner has passed every lesson of a course (published by study; certificates are issued). */
  courseCompleted: { userId: number; courseId: number; at: Date };
};
