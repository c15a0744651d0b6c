import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { courseFacts } from '../courses';
import { assignableUsersSql } from '../users';
import { issuedCertificates } from './tables';

/** A certificate whose holder's next cycle of the course opens now (decision 105). */
export type RenewalDue = {
  certificateId: number;
  userId: number;
  courseId: number;
  /** The cycle it was earned in: the one that ends. */
  cycle: number;
  expiresAt: Date;
};

/** The largest recertification window (days), plus a day for time zones: the index range to scan. */
const MAX_WINDOW_DAYS = 366;

/**
 * Claims, for the caller's transaction, up to `limit` certificates whose recertification window
 * has opened (decision 105): the certificate expires, its holder's next cycle is not open yet, it
 * is the latest of its holder and course, the course still asks for recertification (it has a
 * validity), the holder may be assigned courses (allowed, not an administrator), and today in the
 * academy's time zone is at least the expiry day minus the course's window. Each row is marked
 * (`renewal_opened_at`) and locked: rows another process holds are skipped (SKIP LOCKED), rows
 * marked by a committed transaction are never taken again, and a rolled-back transaction leaves
 * them for the next pass. `userId`: only that holder's certificates. One statement.
 */
export async function renewalsDue(
  tx: Db,
  settings: { timeZone: string },
  now: Date,
  limit: number,
  userId?: number,
): Promise<RenewalDue[]> {
  const oneHolder = userId !== undefined ? sql` and ic.user_id = ${userId}` : sql``;
  const at = sql`${now.toISOString()}::timestamptz`;
  const tz = settings.timeZone;
  const course = courseFacts(tx);
  const result = await tx.execute(sql`
    update ${issuedCertificates} set renewal_opened_at = ${at}
    where id in (
      select ic.id from ${issuedCertificates} ic
      join ${course} on ${course.id} = ic.course_id
      where ic.expires_at is not null and ic.renewal_opened_at is null
        and ic.expires_at <= ${at} + make_interval(days => ${MAX_WINDOW_DAYS})
        and ${course.certificateValidityMonths} is not null
        and (${at} at time zone ${tz})::date
          >= (ic.expires_at at time zone ${tz})::date - ${course.recertificationWindowDays}
        and ic.user_id in (select p.id from (${assignableUsersSql()}) p)${oneHolder}
        and not exists (
          select 1 from ${issuedCertificates} later
          where later.user_id = ic.user_id and later.course_id = ic.course_id and later.cycle > ic.cycle
        )
      order by ic.expires_at, ic.id
      limit ${limit}
      for update of ic skip locked
    )
    returning id as "certificateId", user_id as "userId", course_id as "courseId", cycle,
      expires_at as "expiresAt"`);
  const rows = (
    result as unknown as { rows: (Omit<RenewalDue, 'expiresAt'> & { expiresAt: Date | string })[] }
  ).rows;
  return rows.map((r) => ({ ...r, expiresAt: new Date(r.expiresAt) }));
}
