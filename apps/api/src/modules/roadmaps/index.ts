/** Roadmaps: which courses a branch and an authorization study, in order. */
export { roadmapBlockerSql } from './gate';
export type { LearnerProgress } from './learner-progress';
export { assignedCourseRows, roadmapCourseRows, roadmapExistsSql, roadmapNameOf } from './report-pieces';
export { roadmapRoutes } from './routes';
