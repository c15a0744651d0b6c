import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';

/**
 * Whether learners have progress in a course, topic or lesson: the management list shows it and
 * deleting asks for confirmation. The study module provides it and app.ts passes it in: study
 * sits above courses (it reads courses, topics and lessons), so courses cannot import it.
 */
export type LearnerProgress = {
  hasProgress(
    db: Db,
    scope: { courseId: number } | { topicId: number } | { lessonId: number },
  ): Promise<boolean>;
  /** "Some learner has progress in the course whose id is `courseId`", to select as a column. */
  courseHasProgressSql(courseId: SQL): SQL<boolean>;
};

/** What app.ts gives the courses routes. */
export type CourseRouteOptions = AppContext & { learnerProgress: LearnerProgress };
