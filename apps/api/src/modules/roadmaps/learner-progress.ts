import type { SQL } from 'drizzle-orm';

/**
 * A learner's progress in a course, as columns for "my roadmap" (one query for the whole path).
 * The study module provides it and app.ts passes it in: study sits above roadmaps (its course
 * query applies the roadmap gate), so roadmaps cannot import it.
 */
export type LearnerProgress = {
  passedLessonsSql(userId: number, courseId: SQL): SQL<number>;
  startedCourseSql(userId: number, courseId: SQL): SQL<boolean>;
};
