import type { TMyReminder } from '@academy/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { testClock } from '../../../test/clock';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type ReceivedMail, startSmtpServer, type TestSmtp } from '../../../test/mail';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { createMailer, type Mailer } from '../../platform/mail';
import { REMINDER_LEASE_MS, runReminders } from './reminders';
import { assignmentReminders } from './tables';

/** Issue 24, point 3: reminder mails, each occasion exactly once (decision 103). */
let t: TestApp;
let smtp: TestSmtp;
let mailer: Mailer;
let admin: ApiClient;
let org: OrgTree;
const ZONE = 'Asia/Ho_Chi_Minh';
const log = Fastify({ logger: false }).log;
const clock = testClock('reminders');
const clockFile = clock.file;
const at = clock.at;
const clockNow = clock.now;
function pass() {
  return runReminders(t.database.db, mailer, log, ZONE, clockNow());
}
function mailsTo(user: MadeUser): ReceivedMail[] {
  return smtp.mails.filter((m) => m.to.includes(user.email));
}

beforeAll(async () => {
  at('2031-01-01T00:00:00Z');
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { TIME_ZONE: ZONE, CLOCK_OFFSET_FILE: clockFile, SMTP_URL: smtp.url } });
  mailer = createMailer(t.config, log);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  org = await makeOrgTree(t.app);
});
// Each test's people finish at its end, so a later test's pass mails only its own people.
afterEach(async () => {
  await t.database.db.execute(
    sql`update assignment_people set completed_at = now() where completed_at is null`,
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  clock.remove();
});

async function assignNew(
  name: string,
  audience: object,
  due: object,
  reminderDaysBefore?: number,
): Promise<number> {
  const { course } = await buildCourse(admin, [[0]], { name });
  const res = await admin.post('assignments', { courseId: course.id, audience, due, reminderDaysBefore });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('reminder mails', () => {
  it('mails N days before, on the due day and weekly when overdue, each once with HTML and text', async () => {
    at('2031-03-01T03:00:00Z');
    const learner = await makeUser(t.app, { place: org.branchA });
    await assignNew('Safety at height', { userIds: [learner.id] }, { date: '2031-03-20' }, 5);

    expect((await pass()).sent).toBe(0);
    expect(mailsTo(learner)).toEqual([]);

    // 15 March, local: 5 days before.
    at('2031-03-15T02:00:00Z');
    expect((await pass()).sent).toBe(1);
    expect((await pass()).sent).toBe(0);
    const [before] = mailsTo(learner);
    expect(before?.subject).toBe('Due in 5 days: Safety at height');
    expect(before?.text).toContain('due in 5 days, on 20 March 2031');
    expect(before?.html).toContain('Safety at height');
    expect(before?.contentTypes).toEqual(
      expect.arrayContaining(['multipart/alternative', 'text/plain', 'text/html']),
    );

    at('2031-03-20T01:00:00Z');
    await pass();
    await pass();
    expect(mailsTo(learner).map((m) => m.subject)).toEqual([
      'Due in 5 days: Safety at height',
      'Due today: Safety at height',
    ]);

    // Overdue: the first day of each overdue week, never twice in a week.
    for (const day of ['2031-03-21', '2031-03-22', '2031-03-27', '2031-03-28', '2031-04-04']) {
      at(`${day}T03:00:00Z`);
      await pass();
    }
    const overdue = mailsTo(learner).filter((m) => m.subject.startsWith('Overdue'));
    expect(overdue.map((m) => m.text.match(/(\d+) days ago|was due on [^,.]+(?=\s+and)/)?.[0])).toEqual([
      'was due on 20 March 2031',
      '8 days ago',
      '15 days ago',
    ]);

    // The learner sees what was sent to them.
    const res = await learner.client.get('my-assignments/reminders');
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json() as TMyReminder[];
    expect(seen.map((r) => r.kind)).toEqual(['OVERDUE', 'OVERDUE', 'OVERDUE', 'DUE', 'BEFORE']);
    expect(seen[0]).toMatchObject({ name: 'Safety at height', dueOn: '2031-03-20' });
    const other = await makeUser(t.app, { place: org.branchA });
    expect((await other.client.get('my-assignments/reminders')).json()).toEqual([]);
  });

  it('sends each mail once when two passes race', async () => {
    at('2031-05-01T03:00:00Z');
    const people = await Promise.all([1, 2, 3].map(() => makeUser(t.app, { place: org.branchB })));
    await assignNew('Customer data, race', { userIds: people.map((p) => p.id) }, { date: '2031-05-01' });
    const [a, b] = await Promise.all([pass(), pass()]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(3);
    for (const person of people) expect(mailsTo(person).length).toBe(1);
  });

  it('retries a row claimed by a process that died before sending, after the lease', async () => {
    at('2031-06-01T03:00:00Z');
    const learner = await makeUser(t.app, { place: org.branchB });
    await assignNew('Fire drill', { userIds: [learner.id] }, { date: '2031-06-01' });
    // A process claimed it and died: the row exists, claimed, not sent.
    await t.database.db.execute(sql`
      insert into ${assignmentReminders} (assignment_id, user_id, occasion, due_on, claimed_at)
      select a.id, ${learner.id}, 'DUE:2031-06-01', '2031-06-01', ${clockNow().toISOString()}::timestamptz
      from assignments a order by a.id desc limit 1`);
    expect((await pass()).sent).toBe(0);
    at(new Date(clockNow().getTime() + REMINDER_LEASE_MS + 60_000).toISOString());
    expect((await pass()).sent).toBe(1);
    expect((await pass()).sent).toBe(0);
    expect(mailsTo(learner).map((m) => m.subject)).toEqual(['Due today: Fire drill']);
  });

  it('mails nobody who finished or left', async () => {
    at('2031-07-01T03:00:00Z');
    const learner = await makeUser(t.app, { place: org.otherService });
    await assignNew('Finished already', { userIds: [learner.id] }, { date: '2031-07-01' });
    await t.database.db.execute(
      sql`update assignment_people set completed_at = now() where user_id = ${learner.id}`,
    );
    expect((await pass()).sent).toBe(0);
    expect(mailsTo(learner)).toEqual([]);
  });

  /** Many people on one assignment, written as the resolver writes them (API-made users are slow). */
  async function crowd(name: string, count: number, due: string): Promise<string[]> {
    const code = name.replace(/\W/g, '').slice(0, 8);
    const place = org.branchA;
    const made = await t.database.db.execute(sql`
      insert into users (employee_code, full_name, email, role, service_id, branch_id, department_id)
      select ${code} || g, 'Crowd ' || g, lower(${code}) || g || '@crowd.example.com', 'ROLE_STUDENT',
             ${place.serviceId}, ${place.branchId}, ${place.departmentId}
      from generate_series(1, ${count}) g
      returning id, email`);
    const people = (made as unknown as { rows: { id: number; email: string }[] }).rows;
    const id = await assignNew(name, { userIds: [people[0]?.id] }, { date: due });
    await t.database.db.execute(sql`
      insert into assignment_people (assignment_id, user_id, assigned_at, due_on, due_at, standing_at)
      select ${id}, u.id, now(), ${due}::date, (${due}::date + 1)::timestamptz, now()
      from users u where u.id = any(array[${sql.join(
        people.map((p) => sql`${p.id}`),
        sql`, `,
      )}]::int[])
      on conflict do nothing`);
    return people.map((p) => p.email);
  }

  it('mails a pass bigger than a claimed batch, each person once', async () => {
    at('2031-08-01T03:00:00Z');
    const emails = await crowd('Crowd course', 600, '2031-08-01');
    expect((await pass()).sent).toBe(600);
    expect((await pass()).sent).toBe(0);
    const mailed = smtp.mails.filter((m) => m.to.endsWith('@crowd.example.com')).map((m) => m.to);
    expect(mailed.length).toBe(600);
    expect(new Set(mailed)).toEqual(new Set(emails));
  });

  it('a refused mail: the rest of its batch is sent, the pass stops and the next one sends the rest', async () => {
    at('2031-09-01T03:00:00Z');
    const emails = await crowd('Refused course', 520, '2031-09-01');
    const refused = emails[10] as string;
    smtp.refused.add(refused);
    try {
      // The first claimed batch (500) but the refused one; the batch claimed ahead goes back unsent.
      expect((await pass()).sent).toBe(499);
    } finally {
      smtp.refused.delete(refused);
    }
    const claimedUnsent = await t.database.db.execute(
      sql`select count(*)::int as n from ${assignmentReminders} where sent_at is null and claimed_at is not null`,
    );
    expect((claimedUnsent as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect((await pass()).sent).toBe(21);
    const mailed = smtp.mails.filter((m) => emails.includes(m.to)).map((m) => m.to);
    expect(mailed.length).toBe(520);
    expect(new Set(mailed).size).toBe(520);
  });
});
