/** Compliance training (issue 24): assignments with due dates, their people and states, the learner's calendar. */
export type { AssignmentClock } from './clock';
export { assignedCourseSql } from './gate-pieces';
export type { AssignmentProgress } from './progress-port';
export { assignForRecertification, type Recertification } from './recertify';
export { assignmentRoutes } from './routes';
export { wireAssignments } from './wiring';
