import type { SQL } from 'drizzle-orm';

/**
 * What assignments need of the study module, which sits above them (study opens assigned courses,
 * so it imports this module): app.ts passes study's `courseProgressRows` in (decision 71).
 * Per learner and course of the relation `learners` (a CTE with an `id` column): `user_id,
 * course_id, passed, started_at, last_passed_at`.
 */
export type AssignmentProgress = {
  courseProgressRows: (learners: string) => SQL;
};
