import { z } from 'zod';
import { ZPageQuery } from './common';
import { MESSAGES } from './messages';

/**
 * Compliance training (issue 24): a course or a roadmap assigned to the people a rule chooses,
 * each with a due date; states per person; the learner's "Assigned to me"; the calendar feed.
 */

export const ASSIGNMENT_MESSAGES = {
  notFound: 'This assignment does not exist',
  courseOrRoadmap: 'Choose a course or a roadmap',
  audienceRequired: 'Choose who the assignment is for',
  dueRequired: 'Choose a due date or a number of days',
  dueInPast: 'The due date must be today or later',
  offsetPositive: 'The number of days must be greater than zero',
  matchesNobody: 'No one matches this audience yet: the assignment will reach people who match later',
  courseInUse: MESSAGES.courseInUse,
  placeOutside: 'You do not have permission to assign people outside your branch or service',
} as const;

export const ASSIGNMENT_LIMITS = {
  maxIds: 1000,
  maxDays: 3650,
  maxReminderDays: 365,
  defaultReminderDaysBefore: 7,
} as const;

/** Per person: not started, in progress, done, overdue (not done and the due date has passed). */
export const ASSIGNMENT_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'DONE', 'OVERDUE'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

const zIds = z.array(z.coerce.number().int().positive()).max(ASSIGNMENT_LIMITS.maxIds).optional();
const zDays = z.coerce
  .number({ error: MESSAGES.mustBeNumber })
  .int(MESSAGES.mustBeNumber)
  .refine((n) => n > 0, ASSIGNMENT_MESSAGES.offsetPositive)
  .refine((n) => n <= ASSIGNMENT_LIMITS.maxDays, `Must be at most ${ASSIGNMENT_LIMITS.maxDays} days`);

export const ZAssignmentAudience = z
  .object({
    everyone: z.boolean().optional(),
    userIds: zIds,
    departmentIds: zIds,
    branchIds: zIds,
    serviceIds: zIds,
    authorizationIds: zIds,
  })
  .refine(
    (a) =>
      a.everyone === true ||
      [a.userIds, a.departmentIds, a.branchIds, a.serviceIds, a.authorizationIds].some((ids) => ids?.length),
    ASSIGNMENT_MESSAGES.audienceRequired,
  );
export type TAssignmentAudience = z.infer<typeof ZAssignmentAudience>;

/** `{ date }` (a calendar day, end of that day in the academy's time zone) or days after an event. */
export const ZAssignmentDue = z.union([
  z.object({ date: z.iso.date({ error: MESSAGES.dateInvalid }) }).strict(),
  z.object({ daysAfterAssigned: zDays }).strict(),
  z.object({ daysAfterJoining: zDays }).strict(),
]);
export type TAssignmentDue = z.infer<typeof ZAssignmentDue>;

/** POST assignments. */
export const ZAssignmentInput = z
  .object({
    courseId: z.coerce.number().int().positive().optional(),
    roadmapId: z.coerce.number().int().positive().optional(),
    audience: ZAssignmentAudience,
    due: ZAssignmentDue,
    reminderDaysBefore: z.coerce
      .number({ error: MESSAGES.mustBeNumber })
      .int(MESSAGES.mustBeNumber)
      .min(0)
      .max(ASSIGNMENT_LIMITS.maxReminderDays)
      .optional(),
  })
  .refine((a) => (a.courseId === undefined) !== (a.roadmapId === undefined), {
    message: ASSIGNMENT_MESSAGES.courseOrRoadmap,
    path: ['courseId'],
  });
export type TAssignmentInput = z.infer<typeof ZAssignmentInput>;

/** 201 of POST assignments: `warning` when the audience matches nobody yet. */
export const ZAssignmentCreated = z.object({
  id: z.number().int(),
  people: z.number().int(),
  warning: z.string().optional(),
});
export type TAssignmentCreated = z.infer<typeof ZAssignmentCreated>;

export const ZAssignmentCounts = z.object({
  people: z.number().int(),
  done: z.number().int(),
  inProgress: z.number().int(),
  notStarted: z.number().int(),
  overdue: z.number().int(),
});
export type TAssignmentCounts = z.infer<typeof ZAssignmentCounts>;

/** GET assignments (list) and GET assignments/{id}. */
export const ZAssignment = z.object({
  id: z.number().int(),
  courseId: z.number().int().nullable(),
  roadmapId: z.number().int().nullable(),
  name: z.string(),
  audience: ZAssignmentAudience,
  due: ZAssignmentDue,
  reminderDaysBefore: z.number().int(),
  createdAt: z.string(),
  counts: ZAssignmentCounts,
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZAssignmentListQuery = ZPageQuery;

/** GET assignments/{id}/people?state=. */
export const ZAssignmentPeopleQuery = ZPageQuery.extend({
  state: z.enum(ASSIGNMENT_STATES).optional(),
});

export const ZAssignmentPerson = z.object({
  userId: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  assignedAt: z.string(),
  dueAt: z.string(),
  dueOn: z.string(),
  completedAt: z.string().nullable(),
  state: z.enum(ASSIGNMENT_STATES),
});
export type TAssignmentPerson = z.infer<typeof ZAssignmentPerson>;

/** GET my-assignments: sorted by urgency (overdue first, then by due date; done last). */
export const ZMyAssignment = z.object({
  assignmentId: z.number().int(),
  courseId: z.number().int().nullable(),
  roadmapId: z.number().int().nullable(),
  name: z.string(),
  dueAt: z.string(),
  dueOn: z.string(),
  completedAt: z.string().nullable(),
  state: z.enum(ASSIGNMENT_STATES),
});
export type TMyAssignment = z.infer<typeof ZMyAssignment>;

/** GET my-assignments/reminders: a reminder mail sent to me, newest first (issue 24, point 3). */
export const ZMyReminder = z.object({
  assignmentId: z.number().int(),
  name: z.string(),
  /** N days before the due day, on it, or in an overdue week. */
  kind: z.enum(['BEFORE', 'DUE', 'OVERDUE']),
  dueOn: z.string(),
  sentAt: z.string(),
});
export type TMyReminder = z.infer<typeof ZMyReminder>;

/** GET my-assignments/calendar and POST my-assignments/calendar (a new secret). */
export const ZCalendarLink = z.object({ url: z.string() });
export type TCalendarLink = z.infer<typeof ZCalendarLink>;
