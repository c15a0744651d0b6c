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

const ZAudienceRules = z.object({
  everyone: z.boolean().optional(),
  userIds: zIds,
  departmentIds: zIds,
  branchIds: zIds,
  serviceIds: zIds,
  authorizationIds: zIds,
});

export const ZAssignmentAudience = ZAudienceRules.refine(
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

/**
 * A course's recertification assignment (decision 105), made by the academy: the people whose
 * certificate of the course entered its window, each due on the day it expires. It has no rules.
 */
export const ZRecertificationDue = z.object({ certificateExpiry: z.literal(true) }).strict();

/** GET assignments (list) and GET assignments/{id}. */
export const ZAssignment = z.object({
  id: z.number().int(),
  courseId: z.number().int().nullable(),
  roadmapId: z.number().int().nullable(),
  name: z.string(),
  /** A recertification assignment's audience is empty: its people are added as their certificates near expiry. */
  audience: ZAudienceRules,
  due: z.union([ZAssignmentDue, ZRecertificationDue]),
  reminderDaysBefore: z.number().int(),
  createdAt: z.string(),
  counts: ZAssignmentCounts,
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZAssignmentListQuery = ZPageQuery;

const zFilterId = z.coerce.number().int().positive().optional();

/**
 * GET assignments/{id}/people?state= (and the compliance view's drill-down, the same list):
 * narrowed to a state and to people of a service, branch or department.
 */
export const ZAssignmentPeopleQuery = ZPageQuery.extend({
  state: z.enum(ASSIGNMENT_STATES).optional(),
  serviceId: zFilterId,
  branchId: zFilterId,
  departmentId: zFilterId,
});
export type TAssignmentPeopleQuery = z.infer<typeof ZAssignmentPeopleQuery>;

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
  /** Assigned again because my certificate of the course expires on the due day (decision 105). */
  recertification: z.boolean(),
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

/**
 * The compliance view (issue 24, point 5; PROGRESS_MANAGEMENT, scoped): per assignment and per
 * branch and department, how many assigned people are done, in progress, not started, overdue,
 * due soon (unfinished, due within `dueSoonDays`) and holding a certificate that expires soon.
 */
export const COMPLIANCE_WINDOWS = { dueSoonDays: 7, expiringSoonDays: 30 } as const;

/** GET compliance, GET compliance/export: the place filters, and one assignment. */
export const ZComplianceQuery = z.object({
  serviceId: zFilterId,
  branchId: zFilterId,
  departmentId: zFilterId,
  assignmentId: zFilterId,
});
export type TComplianceQuery = z.infer<typeof ZComplianceQuery>;

const zCount = z.number().int();

export const ZComplianceCounts = z.object({
  /** Assigned people (one per person and assignment). */
  people: zCount,
  done: zCount,
  inProgress: zCount,
  notStarted: zCount,
  overdue: zCount,
  dueSoon: zCount,
  expiringSoon: zCount,
  /** Each count as a whole percent of `people` (0 when there is nobody). */
  percent: z.object({
    done: zCount,
    inProgress: zCount,
    notStarted: zCount,
    overdue: zCount,
    dueSoon: zCount,
    expiringSoon: zCount,
  }),
});
export type TComplianceCounts = z.infer<typeof ZComplianceCounts>;

export const ZComplianceAssignment = z.object({
  assignmentId: z.number().int(),
  courseId: z.number().int().nullable(),
  roadmapId: z.number().int().nullable(),
  name: z.string(),
  counts: ZComplianceCounts,
});
export type TComplianceAssignment = z.infer<typeof ZComplianceAssignment>;

/** A branch (departmentId null: the whole branch) or one of its departments. */
export const ZCompliancePlace = z.object({
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  counts: ZComplianceCounts,
});
export type TCompliancePlace = z.infer<typeof ZCompliancePlace>;

export const ZCompliance = z.object({
  totals: ZComplianceCounts,
  /** By name. */
  assignments: z.array(ZComplianceAssignment),
  /** Each branch followed by its departments, by service, branch and department name. */
  places: z.array(ZCompliancePlace),
  dueSoonDays: z.number().int(),
  expiringSoonDays: z.number().int(),
  /** Whether certificates have an expiry to count (false: expiringSoon is always 0). */
  expiryTracked: z.boolean(),
  /** When the people were last counted (at most a minute or two before; dates are applied now). */
  refreshedAt: z.string(),
});
export type TCompliance = z.infer<typeof ZCompliance>;
