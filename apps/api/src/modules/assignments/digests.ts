import type { TCompliance } from '@academy/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { changedRows } from '../../platform/db/sql';
import { type ManagementScope, scopeOf } from '../../platform/http/scope';
import type { Mailer } from '../../platform/mail';
import { permissionHoldersSql } from '../users';
import { complianceView } from './compliance';
import { localDay } from './due';
import { readableDay } from './reminders';
import { assignmentDigests } from './tables';

/**
 * The weekly compliance digest (issue 24, point 3; decision 107): each person who manages progress
 * (PROGRESS_MANAGEMENT, or an administrator) gets, once a week, the numbers of the people in their
 * management scope (decision 69) per assignment: overdue, due soon, done — the compliance view's
 * counts, so the mail and the page agree. Exactly once per manager and week, as reminders are
 * (decision 103): a pass (1) makes this week's row of every manager (INSERT … ON CONFLICT DO
 * NOTHING on manager and week, the week's Monday in TIME_ZONE), (2) claims unsent rows of this week
 * (FOR UPDATE SKIP LOCKED, a lease for a process that died), (3) mails each and marks it sent — or
 * skipped when the scope has nothing overdue or due soon, or the manager left or has no mailbox.
 */
export const DIGEST_LEASE_MS = 10 * 60_000;
const CLAIM_BATCH = 50;
/** The table lists the assignments with most overdue first; the view has the rest. */
const MAX_LINES = 15;

type ClaimedDigest = {
  manager_id: number;
  /** Null when they no longer hold the key (or left): their row is skipped. */
  role: string | null;
  full_name: string | null;
  email: string | null;
  authorization_service_id: number | null;
  authorization_branch_id: number | null;
};

/** The Monday ('YYYY-MM-DD') of the academy's week that `now` falls in. */
export function weekOf(now: Date, timeZone: string): string {
  const day = new Date(`${localDay(now, timeZone)}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** Step 1: this week's row of every progress manager; returns how many were new. */
async function planDigests(db: Db, week: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${assignmentDigests} (manager_id, week)
    select m.id, ${week}::date from (${permissionHoldersSql('PROGRESS_MANAGEMENT')}) m
    on conflict (manager_id, week) do nothing`);
  return changedRows(result);
}

/** Step 2: a batch of this week's unsent rows for this process alone, with who each manager is now. */
async function claimDigests(db: Db, week: string, now: Date): Promise<ClaimedDigest[]> {
  const leaseEnd = new Date(now.getTime() - DIGEST_LEASE_MS).toISOString();
  const result = await db.execute(sql`
    with claimed as (
      update ${assignmentDigests} d set claimed_at = ${now.toISOString()}::timestamptz
      where (d.manager_id, d.week) in (
        select manager_id, week from ${assignmentDigests}
        where week = ${week}::date and sent_at is null and skipped_at is null
          and (claimed_at is null or claimed_at < ${leaseEnd}::timestamptz)
        order by manager_id limit ${CLAIM_BATCH}
        for update skip locked)
      returning d.manager_id
    )
    select c.manager_id, m.role, m.full_name, m.email, m.authorization_service_id, m.authorization_branch_id
    from claimed c
    left join (${permissionHoldersSql('PROGRESS_MANAGEMENT')}) m on m.id = c.manager_id
    order by c.manager_id`);
  return (result as unknown as { rows: ClaimedDigest[] }).rows.map((r) => ({
    ...r,
    manager_id: Number(r.manager_id),
    authorization_service_id: r.authorization_service_id === null ? null : Number(r.authorization_service_id),
    authorization_branch_id: r.authorization_branch_id === null ? null : Number(r.authorization_branch_id),
  }));
}

function scopeKey(scope: ManagementScope): string {
  switch (scope.kind) {
    case 'service':
      return `service:${scope.serviceId}`;
    case 'branch':
      return `branch:${scope.branchId}`;
    default:
      return scope.kind;
  }
}

/** What the mail says of a scope's view: the totals and the assignments with most overdue first. */
export function digestOf(view: TCompliance) {
  const lines = view.assignments
    .filter((a) => a.counts.people > 0)
    .map((a) => ({
      name: a.name,
      people: a.counts.people,
      overdue: a.counts.overdue,
      dueSoon: a.counts.dueSoon,
      done: a.counts.done,
    }))
    .sort((a, b) => b.overdue - a.overdue || b.dueSoon - a.dueSoon || a.name.localeCompare(b.name));
  const { people, overdue, dueSoon, done } = view.totals;
  return {
    totals: { people, overdue, dueSoon, done },
    assignments: lines.slice(0, MAX_LINES),
    more: Math.max(0, lines.length - MAX_LINES),
    dueSoonDays: view.dueSoonDays,
  };
}

async function mark(
  db: Db,
  managerId: number,
  week: string,
  column: 'sent_at' | 'skipped_at' | 'claimed_at',
) {
  const value = column === 'claimed_at' ? sql`null` : sql`now()`;
  await db.execute(sql`
    update ${assignmentDigests} set ${sql.identifier(column)} = ${value}
    where manager_id = ${managerId} and week = ${week}::date`);
}

/** One digest pass: plan this week's rows, then claim and mail (or skip) until none is left. */
export async function runDigests(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  timeZone: string,
  now: Date,
): Promise<{ planned: number; sent: number; skipped: number }> {
  const week = weekOf(now, timeZone);
  const planned = await planDigests(db, week);
  // Managers of the same scope get the same numbers: one view per scope and pass.
  const views = new Map<string, Promise<TCompliance>>();
  const viewOf = (scope: ManagementScope) => {
    const key = scopeKey(scope);
    let view = views.get(key);
    if (!view) {
      view = complianceView(db, { within: scope }, now, timeZone);
      views.set(key, view);
    }
    return view;
  };
  let sent = 0;
  let skipped = 0;
  let failed = false;
  // A failed send frees its row for the next pass; this one stops after that batch, or it would
  // claim the same rows again while the relay is down.
  while (!failed) {
    const batch = await claimDigests(db, week, now);
    for (const row of batch) {
      const scope = row.role
        ? scopeOf(row.role, {
            serviceId: row.authorization_service_id,
            branchId: row.authorization_branch_id,
          })
        : ({ kind: 'none' } as const);
      const digest = scope.kind === 'none' ? undefined : digestOf(await viewOf(scope));
      if (!row.email || !digest || digest.totals.overdue + digest.totals.dueSoon === 0) {
        await mark(db, row.manager_id, week, 'skipped_at');
        skipped += 1;
        continue;
      }
      try {
        await mailer.send({
          to: row.email,
          kind: 'assignmentDigest',
          data: { fullName: row.full_name, week: readableDay(week), ...digest },
        });
      } catch (err) {
        log.warn(
          { err, manager: row.manager_id, week },
          'compliance digest not sent; retried on the next pass',
        );
        await mark(db, row.manager_id, week, 'claimed_at');
        failed = true;
        continue;
      }
      await mark(db, row.manager_id, week, 'sent_at');
      sent += 1;
    }
    if (batch.length < CLAIM_BATCH) break;
  }
  return { planned, sent, skipped };
}
