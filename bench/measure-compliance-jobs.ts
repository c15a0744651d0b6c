// `npx tsx bench/measure-compliance-jobs.ts <postgres url> resolve|reminders [smtp url]`: times the
// compliance jobs (issue 24's Performance) on a database seeded by bench/seed-compliance.ts, in
// this process, with the functions the job workers run:
//   resolve — every assignment's audience rules resolved from nothing (the people rows emptied
//     first): 20,000 people × 20 assignments = 400,000 rows added, then their standing read from
//     progress (what a worker's 5-minute pass does, resolveAll); then the same pass again with
//     nothing to change (the steady state every 5 minutes);
//   reminders — 100,000 open person-assignments (every person in 5 assignments, the others done)
//     due over 16 weeks around today, mailed to the SMTP server given (the bench's sink, a process of its own): a day's
//     pass (yesterday's occasions made and sent already), the first pass ever (every person in
//     their before-window or an overdue week is mailed at once), then a pass with nothing to send.
// Prints one JSON line per measured pass: ms, this process's CPU ms, rss at the start and its peak
// (sampled every 20 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../apps/api/src/config';
import { endOfDaySql, localDay } from '../apps/api/src/modules/assignments/due';
import { planReminders, runReminders } from '../apps/api/src/modules/assignments/reminders';
import { resolveAll } from '../apps/api/src/modules/assignments/wiring';
import { courseProgressRows } from '../apps/api/src/modules/study';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { createMailer } from '../apps/api/src/platform/mail';

const [url, mode, smtpUrl] = process.argv.slice(2);
if (!url || (mode !== 'resolve' && mode !== 'reminders'))
  throw new Error('usage: measure-compliance-jobs.ts <postgres url> resolve|reminders [smtp url]');
const ZONE = 'Asia/Ho_Chi_Minh';
const log = Fastify({ logger: false }).log;
const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 10 });
const db = database.db;

const mb = (bytes: number) => bytes / 1024 ** 2;

/** Times `run` and samples this process's resident memory while it runs. */
async function measure<T>(name: string, run: () => Promise<T>): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage.rss();
  const heapStart = process.memoryUsage().heapUsed;
  let peak = start;
  let heapPeak = heapStart;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const outcome = await run();
  const ms = performance.now() - started;
  // This process's CPU time (user + system): what the pass costs whatever the machine's load.
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  // What the pass left behind: the heap after a full collection (its peak was garbage or not).
  (globalThis as { gc?: () => void }).gc?.();
  const heapAfterGc = process.memoryUsage().heapUsed;
  console.log(
    JSON.stringify({
      name,
      ms,
      cpuMs,
      rssStartMb: mb(start),
      rssPeakMb: mb(peak),
      heapStartMb: mb(heapStart),
      heapPeakMb: mb(heapPeak),
      heapAfterGcMb: mb(heapAfterGc),
      outcome,
    }),
  );
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

if (mode === 'resolve') {
  await db.execute(sql`truncate assignment_people`);
  await db.execute(sql`vacuum analyze assignment_people`);
  const progress = { courseProgressRows };
  await measure('resolve from nothing', () => resolveAll(db, ZONE, progress, new Date()));
  await db.execute(sql`vacuum analyze assignment_people`);
  await measure('resolve, nothing changed', () => resolveAll(db, ZONE, progress, new Date()));
  console.log(JSON.stringify({ rows: await count(sql`select count(*)::int as n from assignment_people`) }));
} else {
  if (!smtpUrl) throw new Error('reminders needs the SMTP url of a sink');
  const now = new Date();
  const today = localDay(now, ZONE);
  // Five assignments stay open for everyone (the others done), due days spread over 16 weeks
  // around today, as people assigned at different times are.
  await db.execute(sql`truncate assignment_reminders`);
  await db.execute(sql`
    with open_ones as (select id from assignments where everyone order by id limit 5),
    every_one as (
      select a.id, a.id in (select id from open_ones) as open from assignments a
    )
    update assignment_people ap set
      completed_at = case when e.open then null else coalesce(ap.completed_at, now()) end,
      removed_at = null,
      due_on = case when e.open then ${today}::date + ((ap.user_id * 7 + ap.assignment_id * 13) % 113) - 56
        else ap.due_on end
    from every_one e
    where e.id = ap.assignment_id`);
  await db.execute(sql`update assignment_people set due_at = ${endOfDaySql(sql`due_on`, ZONE)}`);
  await db.execute(sql`update assignments set reminder_days_before = 7`);
  await db.execute(sql`vacuum analyze assignment_people`);
  const open = await count(
    sql`select count(*)::int as n from assignment_people where completed_at is null and removed_at is null`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reminders-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    TIME_ZONE: ZONE,
  });
  const mailer = createMailer(config, log);
  console.log(JSON.stringify({ open }));
  // A day like any other: yesterday's pass made and sent yesterday's occasions.
  const yesterday = new Date(now.getTime() - 86_400_000);
  await planReminders(db, ZONE, yesterday);
  await db.execute(sql`update assignment_reminders set sent_at = ${yesterday.toISOString()}::timestamptz`);
  await measure('reminder pass, a day', () => runReminders(db, mailer, log, ZONE, now));
  // The first pass ever (or after a mass assignment): every open person whose before-window or
  // overdue week has begun gets a mail now.
  await db.execute(sql`truncate assignment_reminders`);
  await measure('reminder pass, first ever', () => runReminders(db, mailer, log, ZONE, now));
  await measure('reminder pass, nothing left', () => runReminders(db, mailer, log, ZONE, now));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
await database.close();
