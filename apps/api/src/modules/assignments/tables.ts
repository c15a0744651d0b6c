import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from '../courses/tables';
import { roadmaps } from '../roadmaps/tables';
import { users } from '../users/tables';

/**
 * A compliance assignment (issue 24): a course or a roadmap for the people its audience rules
 * match, with a due date fixed or relative. The rules are ids in arrays, matched in one set-based
 * statement (resolve.ts); `scope_*` is the creator's management scope, which the audience never
 * leaves. A course or roadmap with assignments cannot be deleted (the foreign keys refuse; their
 * modules answer "in use").
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').references(() => courses.id),
    roadmapId: integer('roadmap_id').references(() => roadmaps.id),
    everyone: boolean('everyone').notNull().default(false),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'`),
    departmentIds: integer('department_ids').array().notNull().default(sql`'{}'`),
    branchIds: integer('branch_ids').array().notNull().default(sql`'{}'`),
    serviceIds: integer('service_ids').array().notNull().default(sql`'{}'`),
    authorizationIds: integer('authorization_ids').array().notNull().default(sql`'{}'`),
    /**
     * 'DATE' (due_date), 'AFTER_ASSIGNED' or 'AFTER_JOINING' (due_days), or 'RECERTIFICATION' (no rules: its
     * people are put in by the recertification job, each due on their certificate's expiry day; decision 105).
     */
    dueKind: varchar('due_kind', { length: 16 }).notNull(),
    dueDate: date('due_date'),
    dueDays: integer('due_days'),
    reminderDaysBefore: integer('reminder_days_before').notNull(),
    scopeServiceId: integer('scope_service_id'),
    scopeBranchId: integer('scope_branch_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_course_id_idx').on(t.courseId),
    index('assignments_roadmap_id_idx').on(t.roadmapId),
    check('assignments_target_check', sql`(${t.courseId} is null) <> (${t.roadmapId} is null)`),
    check(
      'assignments_due_kind_check',
      sql`${t.dueKind} in ('DATE', 'AFTER_ASSIGNED', 'AFTER_JOINING', 'RECERTIFICATION')`,
    ),
    // One recertification assignment per course (decision 105), made by whichever process needs it first.
    uniqueIndex('assignments_recertification_uq').on(t.courseId).where(sql`${t.dueKind} = 'RECERTIFICATION'`),
  ],
);

/**
 * One person of an assignment. `due_on` is their due day in the academy's time zone and `due_at`
 * the last moment of it; `started_at` and `completed_at` are kept up to date by study's events
 * (standing.ts), so states and counts are read without touching progress. `removed_at`: they no
 * longer match the rules (moved out); rows they finished stay as history, unfinished ones are left
 * out of every list and count.
 */
export const assignmentPeople = pgTable(
  'assignment_people',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    dueOn: date('due_on').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When started/completed were last computed from progress; null for a row not yet looked at. */
    standingAt: timestamp('standing_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'assignment_people_pk', columns: [t.assignmentId, t.userId] }),
    index('assignment_people_user_idx').on(t.userId),
    index('assignment_people_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.completedAt} is null and ${t.removedAt} is null`),
    // An assignment's unfinished people by due time: the drill-down's overdue, in progress and
    // not started pages (compliance, decision 106).
    index('assignment_people_assignment_open_due_idx')
      .on(t.assignmentId, t.dueAt, t.userId)
      .where(sql`${t.completedAt} is null and ${t.removedAt} is null`),
  ],
);

/**
 * Reminders: one row per person, assignment and occasion ('BEFORE:<due day>', 'DUE:<due day>',
 * 'OVERDUE:<due day>:<n>' for the n-th overdue week; the due day makes a new cycle a new occasion). The unique key makes an occasion a row once, whichever process and however
 * many restarts find it due; a sender then claims rows (`claimed_at`, SKIP LOCKED) and marks each
 * sent when its mail has gone (reminders.ts).
 */
export const assignmentReminders = pgTable(
  'assignment_reminders',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occasion: varchar('occasion', { length: 32 }).notNull(),
    dueOn: date('due_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assignment_reminders_once_uq').on(t.assignmentId, t.userId, t.occasion),
    index('assignment_reminders_user_idx').on(t.userId, t.sentAt),
    index('assignment_reminders_unsent_idx').on(t.id).where(sql`${t.sentAt} is null`),
  ],
);

/**
 * The weekly digest to a progress manager (decision 107): one row per manager and week (the
 * week's Monday, local), made once whatever the number of processes, claimed, then mailed
 * (`sent_at`) or passed over because their scope had nothing overdue or due soon (`skipped_at`).
 */
export const assignmentDigests = pgTable(
  'assignment_digests',
  {
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'assignment_digests_pk', columns: [t.managerId, t.week] }),
    index('assignment_digests_unsent_idx')
      .on(t.week)
      .where(sql`${t.sentAt} is null and ${t.skippedAt} is null`),
  ],
);

/**
 * The compliance view's counts (decision 106): how many people of each assignment, place (the
 * person's service, branch and department when counted), due day, started and finished. Rebuilt
 * from assignment_people at most every minute (compliance.ts `refreshCompliance`), so the view
 * reads a few hundred rows instead of every person. `due_on` is the open rows' due day clamped to
 * [the refresh's day - 1, that day + the due-soon window + 1] (enough to tell overdue, due soon and
 * later on that day and the next), null for finished rows: the table stays small whatever the
 * spread of due days. `expires_on` does the same for the certificate expiring soon.
 */
export const assignmentCompliance = pgTable(
  'assignment_compliance',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id'),
    branchId: integer('branch_id'),
    departmentId: integer('department_id'),
    dueOn: date('due_on'),
    /**
     * The expiry day (TIME_ZONE) of the person's current certificate of the assignment's course,
     * clamped like `due_on` to [the refresh's day - 1, that day + the expiring window + 1]; null
     * without an expiring certificate (decision 145).
     */
    expiresOn: date('expires_on'),
    started: boolean('started').notNull(),
    done: boolean('done').notNull(),
    people: integer('people').notNull(),
  },
  (t) => [
    index('assignment_compliance_assignment_idx').on(t.assignmentId),
    index('assignment_compliance_branch_idx').on(t.branchId),
    index('assignment_compliance_service_idx').on(t.serviceId),
  ],
);

/** When the compliance counts were last rebuilt (one row, id 1; also the rebuild's lock). */
export const assignmentComplianceRefreshes = pgTable('assignment_compliance_refreshes', {
  id: integer('id').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** The academy's day the clamped due days are relative to. */
  day: date('day'),
});

/**
 * The secret of a learner's calendar feed. Kept as it is (the page shows the URL again); it reads
 * only the learner's due dates, and regenerating it replaces it.
 */
export const calendarTokens = pgTable('assignment_calendar_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: varchar('token', { length: 64 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
