import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { changedRows, col } from '../../platform/db/sql';
import type { MailBatch, Mailer, MailRequest } from '../../platform/mail';
import { courseFacts } from '../courses';
import { roadmapNameOf } from '../roadmaps';
import { allowedEmailOf, fullNameOf } from '../users';
import { localDay } from './due';
import { assignmentPeople, assignmentReminders, assignments } from './tables';

/**
 * Reminder mails (issue 24, point 3; decision 103). A pass, run by every process's job workers:
 * 1. plan — ONE statement turns each open person's occasion of today into a row (INSERT … ON
 *    CONFLICT DO NOTHING on assignment, person, occasion): so an occasion is a row once, whatever
 *    the number of processes and restarts;
 * 2. claim — rows not sent and not claimed (or claimed longer than the lease ago: the process died
 *    between claim and send) get `claimed_at`, with FOR UPDATE SKIP LOCKED, so two processes never
 *    take the same row;
 * 3. send, then mark `sent_at`. A failed send frees the row for the next pass.
 * The occasion carries the due day, so a new cycle (a returner's new due day) is reminded again.
 */
export const REMINDER_LEASE_MS = 10 * 60_000;
const CLAIM_BATCH = 500;

export type ReminderKind = 'BEFORE' | 'DUE' | 'OVERDUE';

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Whole days from day `a` to day `b` (YYYY-MM-DD). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Made once: a new Intl.DateTimeFormat per mail was a tenth of a reminder pass's CPU. */
const READABLE_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "15 March 2030": a due day as a reader reads it (the day itself, no time zone shift). */
export function readableDay(day: string): string {
  return READABLE_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** The kind of an occasion key ('BEFORE:<due>', 'DUE:<due>', 'OVERDUE:<due>:<week>'). */
export function reminderKindOf(occasion: string): ReminderKind {
  const kind = occasion.split(':')[0];
  return kind === 'BEFORE' || kind === 'DUE' ? kind : 'OVERDUE';
}

/**
 * Step 1: today's occasions of every open person. N days before (the assignment's
 * reminderDaysBefore; 0 = none), on the due day, and in each overdue week (on its first day).
 */
export async function planReminders(db: Db, timeZone: string, now: Date): Promise<number> {
  const today = localDay(now, timeZone);
  const result = await db.execute(sql`
    insert into ${assignmentReminders} (assignment_id, user_id, occasion, due_on)
    select ap.assignment_id, ap.user_id,
      case
        when ap.due_on > ${today}::date then 'BEFORE:' || ap.due_on::text
        when ap.due_on = ${today}::date then 'DUE:' || ap.due_on::text
        else 'OVERDUE:' || ap.due_on::text || ':' || (((${today}::date - ap.due_on) - 1) / 7 + 1)::text
      end,
      ap.due_on
    from ${assignmentPeople} ap
    join ${assignments} a on a.id = ap.assignment_id
    where ap.completed_at is null and ap.removed_at is null
      and (ap.due_on <= ${today}::date
        or (a.reminder_days_before > 0 and ap.due_on - a.reminder_days_before <= ${today}::date))
    on conflict (assignment_id, user_id, occasion) do nothing`);
  return changedRows(result);
}

type Claimed = {
  id: number;
  occasion: string;
  due_on: string;
  name: string;
  full_name: string | null;
  /** Null when the person may no longer sign in (stopped) or is gone. */
  email: string | null;
  open: boolean;
};

/** Step 2: a batch of rows for this process alone, with what their mails say. */
async function claimBatch(db: Db, now: Date): Promise<Claimed[]> {
  const course = courseFacts(db);
  const leaseEnd = new Date(now.getTime() - REMINDER_LEASE_MS).toISOString();
  const result = await db.execute(sql`
    with claimed as (
      update ${assignmentReminders} r set claimed_at = ${now.toISOString()}::timestamptz
      where r.id in (
        select id from ${assignmentReminders}
        where sent_at is null and (claimed_at is null or claimed_at < ${leaseEnd}::timestamptz)
        order by id limit ${CLAIM_BATCH}
        for update skip locked)
      returning r.id, r.assignment_id, r.user_id, r.occasion, r.due_on
    )
    select c.id, c.occasion, c.due_on::text as due_on,
      coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '') as name,
      ${fullNameOf(assignmentPeople.userId)} as full_name,
      ${allowedEmailOf(assignmentPeople.userId)} as email,
      (${col(assignmentPeople.completedAt)} is null and ${col(assignmentPeople.removedAt)} is null
        and ${col(assignmentPeople.dueOn)} = c.due_on) as open
    from claimed c
    join ${assignments} on ${col(assignments.id)} = c.assignment_id
    left join ${assignmentPeople} on ${col(assignmentPeople.assignmentId)} = c.assignment_id
      and ${col(assignmentPeople.userId)} = c.user_id
    left join ${course} on ${course.id} = ${col(assignments.courseId)}
    order by c.id`);
  return rows<Claimed>(result).map((r) => ({ ...r, id: Number(r.id), open: r.open === true }));
}

const idList = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/** How many reminder mails a process has with the mail relay at once. */
const SEND_CONCURRENCY = 20;
/** Sent rows are marked in statements of this many (decision 103's at-least-once corner). */
const MARK_GROUP = 20;

function reminderMail(row: Claimed, today: string): MailRequest {
  return {
    to: row.email ?? '',
    kind: 'assignmentReminder',
    data: {
      fullName: row.full_name,
      occasion: reminderKindOf(row.occasion),
      name: row.name,
      dueOn: readableDay(row.due_on),
      days: Math.abs(daysBetween(today, row.due_on)),
    },
  };
}

/**
 * Step 3 for a claimed batch: SEND_CONCURRENCY mails with the relay at any time (the next one
 * leaves as one is accepted), and every MARK_GROUP accepted ones marked `sent_at` in one statement
 * while the next mails go; failed ones are freed for the next pass. Only one batch's rows and
 * SEND_CONCURRENCY mails exist at once, so memory stays the same whatever a pass sends. A process
 * that dies between the relay's acceptance and the mark sends at most one group again.
 */
async function sendBatch(
  db: Db,
  mailer: MailBatch,
  log: FastifyBaseLogger,
  rows: Claimed[],
  today: string,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  const failed: number[] = [];
  let accepted: number[] = [];
  let marking: Promise<void> = Promise.resolve();
  let markError: unknown;
  const mark = () => {
    const ids = accepted;
    accepted = [];
    sent += ids.length;
    marking = marking
      .then(() =>
        db.execute(sql`update ${assignmentReminders} set sent_at = now() where id = any(${idList(ids)})`),
      )
      .then(
        () => {},
        (err: unknown) => {
          markError ??= err;
        },
      );
  };
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as Claimed;
      try {
        await mailer.send(reminderMail(row, today));
        accepted.push(row.id);
        if (accepted.length >= MARK_GROUP) mark();
      } catch (err) {
        failed.push(row.id);
        log.warn({ err, reminder: row.id }, 'assignment reminder not sent; retried on the next pass');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, worker));
  if (accepted.length) mark();
  await marking;
  // Sent but not marked: the lease frees them for another pass (decision 103's corner).
  if (markError) throw markError;
  if (failed.length) await release(db, failed);
  return { sent, failed: failed.length };
}

/** Frees claimed rows for the next pass. */
async function release(db: Db, ids: number[]): Promise<void> {
  if (ids.length)
    await db.execute(sql`update ${assignmentReminders} set claimed_at = null where id = any(${idList(ids)})`);
}

/**
 * One reminder pass: plan today's occasions, then claim and send until nothing is left. The next
 * batch is claimed while this one is mailed; rows nobody needs any more (finished, moved out,
 * stopped) are dropped in one statement per batch. Each batch costs a constant number of
 * statements, so a pass over 100,000 occasions is bound by composing and relaying the mails
 * (docs/performance.md, "Compliance jobs").
 */
export async function runReminders(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  timeZone: string,
  now: Date,
): Promise<{ planned: number; sent: number }> {
  const planned = await planReminders(db, timeZone, now);
  const today = localDay(now, timeZone);
  let sent = 0;
  const sender = mailer.batch();
  let next: Promise<Claimed[]> | undefined = claimBatch(db, now);
  try {
    while (next) {
      const batch: Claimed[] = await next;
      next = batch.length < CLAIM_BATCH ? undefined : claimBatch(db, now);
      const unwanted = batch.filter((row) => !row.open || !row.email).map((row) => row.id);
      if (unwanted.length)
        await db.execute(
          sql`delete from ${assignmentReminders} where id = any(${idList(unwanted)}) and sent_at is null`,
        );
      const outcome = await sendBatch(
        db,
        sender,
        log,
        batch.filter((row) => row.open && row.email),
        today,
      );
      sent += outcome.sent;
      // A failed send frees its row for the next pass; this one stops after its batch, or it would
      // claim the same rows again and again while the relay is down.
      if (outcome.failed) break;
    }
  } finally {
    // Stopped early (a failure, an error): the batch claimed ahead goes back unsent.
    const ahead = next;
    next = undefined;
    if (ahead)
      await release(
        db,
        (await ahead.catch(() => [] as Claimed[])).map((row) => row.id),
      );
    sender.close();
  }
  return { planned, sent };
}

/** The reminders sent to a learner, newest first (GET my-assignments/reminders). */
export async function myReminders(
  db: Db,
  userId: number,
): Promise<{ assignmentId: number; name: string; kind: ReminderKind; dueOn: string; sentAt: string }[]> {
  const course = courseFacts(db);
  const result = await db.execute(sql`
    select r.assignment_id, r.occasion, r.due_on::text as due_on, r.sent_at,
      coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '') as name
    from ${assignmentReminders} r
    join ${assignments} on ${col(assignments.id)} = r.assignment_id
    left join ${course} on ${course.id} = ${col(assignments.courseId)}
    where r.user_id = ${userId} and r.sent_at is not null
    order by r.sent_at desc, r.id desc
    limit 100`);
  return rows<{
    assignment_id: number;
    occasion: string;
    due_on: string;
    sent_at: string | Date;
    name: string;
  }>(result).map((r) => ({
    assignmentId: Number(r.assignment_id),
    name: r.name,
    kind: reminderKindOf(r.occasion),
    dueOn: r.due_on,
    sentAt: new Date(r.sent_at).toISOString(),
  }));
}
