/** Compliance assignments (issue 24): the learner's "Assigned to me" and the management pages. */

export { AssignedToMe } from './AssignedToMe';
export { myAssignmentsQuery, useMyAssignments } from './api';
export { MyReminders } from './MyReminders';
