import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { testClock } from '../../../test/clock';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type ReceivedMail, startSmtpServer, type TestSmtp } from '../../../test/mail';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { createMailer, type Mailer } from '../../platform/mail';
import { runDigests, weekOf } from './digests';

/** Issue 24, point 3: the weekly digest to progress managers, once per manager and week (decision 107). */
let t: TestApp;
let smtp: TestSmtp;
let mailer: Mailer;
let admin: ApiClient;
let org: OrgTree;
const ZONE = 'Asia/Ho_Chi_Minh';
const log = Fastify({ logger: false }).log;
const clock = testClock('digests');
const clockFile = clock.file;
const at = clock.at;
const clockNow = clock.now;
function pass() {
  return runDigests(t.database.db, mailer, log, ZONE, clockNow());
}
function mailsTo(user: MadeUser): ReceivedMail[] {
  return smtp.mails.filter((m) => m.to.includes(user.email));
}

let branchManager: MadeUser;
let serviceManager: MadeUser;
let idleManager: MadeUser;
let otherKeys: MadeUser;
let stoppedManager: MadeUser;

beforeAll(async () => {
  at('2032-02-25T03:00:00Z');
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { TIME_ZONE: ZONE, CLOCK_OFFSET_FILE: clockFile, SMTP_URL: smtp.url } });
  mailer = createMailer(t.config, log);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  org = await makeOrgTree(t.app);
  const manager = (place: OrgTree['branchA'], scope: { branchId?: number; serviceId?: number }) =>
    makeUser(t.app, { place, permissions: ['PROGRESS_MANAGEMENT'], authorizationScope: scope });
  branchManager = await manager(org.branchA, { branchId: org.branchA.branchId });
  serviceManager = await manager(org.branchA, { serviceId: org.branchA.serviceId });
  // A branch of the other service where nobody is assigned anything.
  idleManager = await manager(org.otherService, { branchId: org.otherService.branchId });
  otherKeys = await makeUser(t.app, { place: org.branchA, permissions: ['LEARNING_PATH_MANAGEMENT'] });
  stoppedManager = await makeUser(t.app, {
    place: org.branchA,
    permissions: ['PROGRESS_MANAGEMENT'],
    authorizationScope: { branchId: org.branchA.branchId },
    access: 'STOPPED',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  clock.remove();
});

async function assignNew(name: string, userIds: number[], date: string): Promise<number> {
  const { course } = await buildCourse(admin, [[0]], { name });
  const res = await admin.post('assignments', { courseId: course.id, audience: { userIds }, due: { date } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('the weekly compliance digest', () => {
  it('weeks start on Monday in the academy time zone', () => {
    // Monday 1 March 2032 starts at 17:00 UTC on Sunday in Ho Chi Minh City.
    expect(weekOf(new Date('2032-02-29T16:59:00Z'), ZONE)).toBe('2032-02-23');
    expect(weekOf(new Date('2032-02-29T17:00:00Z'), ZONE)).toBe('2032-03-01');
    expect(weekOf(new Date('2032-03-07T16:59:00Z'), ZONE)).toBe('2032-03-01');
  });

  it("mails each progress manager once a week their scope's overdue, due soon and done per assignment", async () => {
    at('2032-03-03T03:00:00Z');
    const [a1, a2, b1, c1] = await Promise.all(
      [org.branchA, org.branchA, org.branchB, org.otherService].map((place) => makeUser(t.app, { place })),
    );
    if (!a1 || !a2 || !b1 || !c1) throw new Error('users not made');
    const fire = await assignNew('Digest fire safety', [a1.id, a2.id, b1.id], '2032-03-05');
    await assignNew('Digest data protection', [a1.id], '2032-06-30');
    await t.database.db.execute(sql`
      update assignment_people set completed_at = now(), started_at = now()
      where assignment_id = ${fire} and user_id = ${a2.id}`);
    // The counts are made every minute: a few minutes later they include the finished course.
    at('2032-03-03T03:05:00Z');

    const first = await pass();
    expect(first.sent).toBeGreaterThanOrEqual(2);

    const [branch] = mailsTo(branchManager);
    expect(mailsTo(branchManager)).toHaveLength(1);
    expect(branch?.subject).toBe('Compliance this week: 0 overdue, 1 due soon');
    expect(branch?.text).toContain('week of 1 March 2032: 0 overdue, 1 due within 7 days, 1 of 3 done (33%)');
    expect(branch?.text).toContain('- Digest fire safety: Overdue 0, Due soon 1, Done 1 of 2 (50%)');
    expect(branch?.text).toContain('- Digest data protection: Overdue 0, Due soon 0, Done 0 of 1 (0%)');
    expect(branch?.text).toContain('/management/compliance');
    expect(branch?.html).toContain('<th scope="col"');
    expect(branch?.html).toContain('Digest fire safety');
    expect(branch?.contentTypes).toEqual(
      expect.arrayContaining(['multipart/alternative', 'text/plain', 'text/html']),
    );
    // The service reaches branch B too.
    const [service] = mailsTo(serviceManager);
    expect(service?.text).toContain('- Digest fire safety: Overdue 0, Due soon 2, Done 1 of 3 (33%)');
    // Nothing assigned in their branch, another key only, stopped: no mail.
    for (const nobody of [idleManager, otherKeys, stoppedManager]) expect(mailsTo(nobody)).toEqual([]);
    const rows = await t.database.db.execute(sql`
      select manager_id, sent_at is not null as sent, skipped_at is not null as skipped
      from assignment_digests where manager_id in (${idleManager.id}, ${otherKeys.id}, ${stoppedManager.id})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { manager_id: idleManager.id, sent: false, skipped: true },
    ]);

    // Again in the same week, and after the due day: nothing more this week.
    at('2032-03-07T03:00:00Z');
    expect((await pass()).sent).toBe(0);
    expect(mailsTo(branchManager)).toHaveLength(1);

    // Next week: a1 is overdue.
    at('2032-03-09T03:00:00Z');
    await pass();
    expect(mailsTo(branchManager).map((m) => m.subject)).toEqual([
      'Compliance this week: 0 overdue, 1 due soon',
      'Compliance this week: 1 overdue, 0 due soon',
    ]);
    expect(mailsTo(branchManager)[1]?.text).toContain(
      '- Digest fire safety: Overdue 1, Due soon 0, Done 1 of 2 (50%)',
    );
    expect(mailsTo(serviceManager)[1]?.subject).toBe('Compliance this week: 2 overdue, 0 due soon');
  });

  it("sends each manager's digest once when two processes' passes race", async () => {
    at('2032-03-16T03:00:00Z');
    const before = { branch: mailsTo(branchManager).length, service: mailsTo(serviceManager).length };
    const [a, b] = await Promise.all([pass(), pass()]);
    const made = await t.database.db.execute(
      sql`select count(*)::int as n from assignment_digests where week = '2032-03-15'`,
    );
    // Each manager's row was made by one of the two.
    expect((a?.planned ?? 0) + (b?.planned ?? 0)).toBe(
      (made as unknown as { rows: { n: number }[] }).rows[0]?.n,
    );
    expect(mailsTo(branchManager).length - before.branch).toBe(1);
    expect(mailsTo(serviceManager).length - before.service).toBe(1);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBeGreaterThanOrEqual(2);
    expect((await pass()).sent).toBe(0);
  });

  it('takes back a digest claimed by a process that died before mailing, after the lease', async () => {
    at('2032-03-23T03:00:00Z');
    // A process claimed this week's rows and died.
    await t.database.db.execute(sql`
      insert into assignment_digests (manager_id, week, claimed_at)
      values (${branchManager.id}, '2032-03-22', ${clockNow().toISOString()}::timestamptz)`);
    const before = mailsTo(branchManager).length;
    await pass();
    expect(mailsTo(branchManager).length).toBe(before);
    at('2032-03-23T03:11:00Z');
    await pass();
    await pass();
    expect(mailsTo(branchManager).length).toBe(before + 1);
  });
});
