import type { TAssignmentPerson, TCompliance, TComplianceCounts } from '@academy/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { testClock } from '../../../test/clock';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_CERTIFICATE_NAME } from '../../demo/certificates';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { loadExcel } from '../../platform/excel';
import { refreshCompliance } from './compliance';

/** Issue 24, point 5: the compliance view (decision 106). */
let t: TestApp;
let admin: ApiClient;
let org: OrgTree;
let people: Record<'a1' | 'a2' | 'a3' | 'b1' | 'b2' | 'c1', MadeUser>;
let safety: number;
let privacy: number;

const ZONE = 'Asia/Ho_Chi_Minh';
const clock = testClock('compliance');
const clockFile = clock.file;
const at = clock.at;
const clockNow = clock.now;
/** Counts the people again now (the workers' minute timer, which tests do not run). */
function recount() {
  return refreshCompliance(t.database.db, clockNow(), ZONE);
}

async function assign(name: string, audience: object, due: object): Promise<number> {
  const { course } = await buildCourse(admin, [[0]], { name });
  const res = await admin.post('assignments', { courseId: course.id, audience, due });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function view(client: ApiClient, query = ''): Promise<TCompliance> {
  const res = await client.get(`compliance${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCompliance;
}

function counts(c: Partial<Omit<TComplianceCounts, 'percent'>> & { people: number }) {
  const full = {
    done: 0,
    inProgress: 0,
    notStarted: 0,
    overdue: 0,
    dueSoon: 0,
    expiringSoon: 0,
    ...c,
  };
  const pct = (n: number) => (full.people ? Math.round((n * 100) / full.people) : 0);
  return {
    ...full,
    percent: {
      done: pct(full.done),
      inProgress: pct(full.inProgress),
      notStarted: pct(full.notStarted),
      overdue: pct(full.overdue),
      dueSoon: pct(full.dueSoon),
      expiringSoon: pct(full.expiringSoon),
    },
  };
}

beforeAll(async () => {
  at('2032-01-05T03:00:00Z');
  t = await createTestApp({ env: { TIME_ZONE: ZONE, CLOCK_OFFSET_FILE: clockFile } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  org = await makeOrgTree(t.app);
  const person = (place: OrgTree[keyof OrgTree], fullName: string) => makeUser(t.app, { place, fullName });
  people = {
    a1: await person(org.branchA, 'Anh One'),
    a2: await person(org.branchA, 'Anh Two'),
    a3: await person(org.branchA, 'Anh Three'),
    b1: await person(org.branchB, 'Bao One'),
    b2: await person(org.branchB, 'Bao Two'),
    c1: await person(org.otherService, 'Chi One'),
  };
  // Safety: the departments of branches A and B, due on 20 January (local).
  safety = await assign(
    'Safety at height',
    { departmentIds: [org.branchA.departmentId, org.branchB.departmentId] },
    { date: '2032-01-20' },
  );
  // Privacy: two people, due on 12 January.
  privacy = await assign(
    'Customer privacy',
    { userIds: [people.a1.id, people.c1.id] },
    { date: '2032-01-12' },
  );
  // Their standing as study's events would leave it: a1 and b2 finished safety, a2 started it.
  const db = t.database.db;
  await db.execute(sql`update assignment_people set completed_at = '2032-01-06T02:00:00Z'
    where assignment_id = ${safety} and user_id in (${people.a1.id}, ${people.b2.id})`);
  await db.execute(sql`update assignment_people set started_at = '2032-01-06T02:00:00Z'
    where assignment_id = ${safety} and user_id = ${people.a2.id}`);
  await recount();
});
afterAll(async () => {
  await t.close();
  clock.remove();
});

describe('the compliance view', () => {
  it('counts each state per assignment, branch and department, overdue by the clock', async () => {
    // 15 January, local: privacy (due the 12th) is overdue; safety (due the 20th) is due soon.
    at('2032-01-15T03:00:00Z');
    const body = await view(admin);
    expect(body.totals).toEqual(
      counts({ people: 7, done: 2, inProgress: 1, notStarted: 2, overdue: 2, dueSoon: 3 }),
    );
    expect(body.assignments).toEqual([
      {
        assignmentId: privacy,
        courseId: expect.any(Number),
        roadmapId: null,
        name: 'Customer privacy',
        counts: counts({ people: 2, overdue: 2 }),
      },
      {
        assignmentId: safety,
        courseId: expect.any(Number),
        roadmapId: null,
        name: 'Safety at height',
        counts: counts({ people: 5, done: 2, inProgress: 1, notStarted: 2, dueSoon: 3 }),
      },
    ]);
    expect(body.totals.percent).toEqual({
      done: 29,
      inProgress: 14,
      notStarted: 29,
      overdue: 29,
      dueSoon: 43,
      expiringSoon: 0,
    });
    expect(body).toMatchObject({ dueSoonDays: 7, expiringSoonDays: 30, expiryTracked: true });

    // Each branch, then its departments.
    const place = (branchId: number, departmentId: number | null) =>
      body.places.find((p) => p.branchId === branchId && p.departmentId === departmentId)?.counts;
    expect(place(org.branchA.branchId, null)).toEqual(
      counts({ people: 4, done: 1, inProgress: 1, notStarted: 1, overdue: 1, dueSoon: 2 }),
    );
    expect(place(org.branchA.branchId, org.branchA.departmentId)).toEqual(place(org.branchA.branchId, null));
    expect(place(org.branchB.branchId, null)).toEqual(
      counts({ people: 2, done: 1, notStarted: 1, dueSoon: 1 }),
    );
    expect(place(org.otherService.branchId, org.otherService.departmentId)).toEqual(
      counts({ people: 1, overdue: 1 }),
    );
    const a = body.places.findIndex((p) => p.branchId === org.branchA.branchId && p.departmentId === null);
    expect(body.places[a + 1]).toMatchObject({
      branchId: org.branchA.branchId,
      departmentId: org.branchA.departmentId,
      departmentName: expect.stringContaining('Sales Branch A'),
      branchName: expect.stringContaining('Branch A'),
      serviceName: expect.stringContaining('Service'),
    });

    // 21 January: safety's unfinished people are overdue too; nothing is due soon any more.
    at('2032-01-21T03:00:00Z');
    const later = await view(admin);
    expect(later.totals).toEqual(counts({ people: 7, done: 2, overdue: 5 }));
  });

  it('narrows to a service, branch, department or assignment', async () => {
    at('2032-01-15T03:00:00Z');
    const inB = await view(admin, `?branchId=${org.branchB.branchId}`);
    expect(inB.totals).toEqual(counts({ people: 2, done: 1, notStarted: 1, dueSoon: 1 }));
    expect(inB.assignments.map((a) => a.assignmentId)).toEqual([safety]);
    expect(inB.places.map((p) => p.branchId)).toEqual([org.branchB.branchId, org.branchB.branchId]);

    const service = await view(admin, `?serviceId=${org.branchA.serviceId}`);
    expect(service.totals.people).toBe(6);
    const department = await view(admin, `?departmentId=${org.otherService.departmentId}`);
    expect(department.totals).toEqual(counts({ people: 1, overdue: 1 }));
    const one = await view(admin, `?assignmentId=${privacy}`);
    expect(one.totals).toEqual(counts({ people: 2, overdue: 2 }));
    expect(
      one.places
        .filter((p) => p.departmentId === null)
        .map((p) => p.branchId)
        .sort(),
    ).toEqual([org.branchA.branchId, org.otherService.branchId].sort());
  });

  it('shows a branch manager only their branch', async () => {
    at('2032-01-15T03:00:00Z');
    const manager = await makeUser(t.app, {
      place: org.branchA,
      permissions: ['PROGRESS_MANAGEMENT'],
      authorizationScope: { branchId: org.branchA.branchId },
    });
    const mine = await view(manager.client);
    expect(mine.totals).toEqual(
      counts({ people: 4, done: 1, inProgress: 1, notStarted: 1, overdue: 1, dueSoon: 2 }),
    );
    expect(new Set(mine.places.map((p) => p.branchId))).toEqual(new Set([org.branchA.branchId]));
    expect(mine.assignments.find((a) => a.assignmentId === privacy)?.counts).toEqual(
      counts({ people: 1, overdue: 1 }),
    );
    // Asking for another branch finds nobody rather than leaving the scope.
    expect((await view(manager.client, `?branchId=${org.branchB.branchId}`)).totals.people).toBe(0);
    // The drill-down keeps to the branch too.
    const res = await manager.client.get(`compliance/assignments/${privacy}/people`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAssignmentPerson[]).map((p) => p.userId)).toEqual([people.a1.id]);

    // A service manager of the other service sees that service only.
    const serviceManager = await makeUser(t.app, {
      place: org.otherService,
      permissions: ['PROGRESS_MANAGEMENT'],
      authorizationScope: { serviceId: org.otherService.serviceId },
    });
    expect((await view(serviceManager.client)).totals).toEqual(counts({ people: 1, overdue: 1 }));
  });

  it('is for progress managers', async () => {
    const assigner = await makeUser(t.app, { permissions: ['LEARNING_PATH_MANAGEMENT'] });
    for (const path of ['compliance', `compliance/assignments/${safety}/people`, 'compliance/export']) {
      const res = await assigner.client.get(path);
      expect(res.statusCode, path).toBe(403);
    }
    expect((await people.a1.client.get('compliance')).statusCode).toBe(403);
  });

  it('drills down to the people of each count, with totals that match', async () => {
    at('2032-01-15T03:00:00Z');
    const body = await view(admin);
    const states = {
      DONE: 'done',
      IN_PROGRESS: 'inProgress',
      NOT_STARTED: 'notStarted',
      OVERDUE: 'overdue',
    } as const;
    for (const a of body.assignments) {
      for (const [state, key] of Object.entries(states)) {
        const res = await admin.get(`compliance/assignments/${a.assignmentId}/people?state=${state}&size=1`);
        expect(res.statusCode, res.body).toBe(200);
        expect(Number(res.headers['x-total-count']), `${a.name} ${state}`).toBe(a.counts[key]);
      }
    }
    // Per department too.
    const b = body.places.find((p) => p.departmentId === org.branchB.departmentId);
    const res = await admin.get(
      `compliance/assignments/${safety}/people?departmentId=${org.branchB.departmentId}&state=NOT_STARTED`,
    );
    expect(Number(res.headers['x-total-count'])).toBe(b?.counts.notStarted);
    expect((res.json() as TAssignmentPerson[]).map((p) => p.userId)).toEqual([people.b1.id]);
    // The assignment list's own route takes the same filters.
    const same = await admin.get(`assignments/${safety}/people?branchId=${org.branchA.branchId}`);
    expect(Number(same.headers['x-total-count'])).toBe(3);
  });

  it('reads a constant number of statements, however many people', async () => {
    at('2032-01-15T03:00:00Z');
    await view(admin);
    t.database.queries.reset();
    await view(admin);
    const small = t.database.queries.count;
    const counting = t.database.queries.statements.filter((q) => q.includes('assignment_compliance'));
    // The counts and when they were made: one statement over the counted rows.
    expect(counting.length).toBe(1);
    // Twenty more people in branch B's department, and an assignment for them.
    for (let i = 0; i < 20; i++) await makeUser(t.app, { place: org.branchB });
    const fire = await assign(
      'Fire drill',
      { departmentIds: [org.branchB.departmentId] },
      { date: '2032-02-01' },
    );
    t.database.queries.reset();
    const body = await view(admin);
    expect(t.database.queries.count).toBe(small);
    expect(body.totals.people).toBe(7 + 22);
    expect(body.assignments.find((a) => a.assignmentId === fire)?.counts).toEqual(
      counts({ people: 22, notStarted: 22 }),
    );
    await admin.delete(`assignments/${fire}`);
    expect((await view(admin)).totals.people).toBe(7);
  });

  it('counts finished courses again within minutes; the date applies at once', async () => {
    at('2032-01-15T03:00:00Z');
    await recount();
    const before = await view(admin, `?assignmentId=${safety}`);
    expect(before.totals.done).toBe(2);
    const [row] = (
      (await t.database.db.execute(sql`update assignment_people set completed_at = now()
        where assignment_id = ${safety} and user_id = ${people.b1.id} returning user_id`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(row).toBeDefined();
    // A minute later the counts are those of the last count…
    at('2032-01-15T03:01:00Z');
    expect((await view(admin, `?assignmentId=${safety}`)).totals.done).toBe(2);
    // …counted again when they are over two minutes old (or by the workers' minute timer).
    at('2032-01-15T03:02:30Z');
    const after = await view(admin, `?assignmentId=${safety}`);
    expect(after.totals).toEqual(counts({ people: 5, done: 3, inProgress: 1, notStarted: 1, dueSoon: 2 }));
    expect(after.refreshedAt).toMatch(/^2032-01-15T03:02:30/);
    await t.database.db.execute(sql`update assignment_people set completed_at = null
      where assignment_id = ${safety} and user_id = ${people.b1.id}`);
    await recount();
  });

  it('counts once when two processes recount at the same time', async () => {
    at('2032-01-15T03:00:00Z');
    const [a, b] = await Promise.all([recount(), recount()]);
    expect([a, b]).toEqual([true, true]);
    const stale = 60_000;
    const [c, d] = await Promise.all([
      refreshCompliance(t.database.db, clockNow(), ZONE, stale),
      refreshCompliance(t.database.db, clockNow(), ZONE, stale),
    ]);
    expect([c, d]).toEqual([false, false]);
    expect((await view(admin)).totals).toEqual(
      counts({ people: 7, done: 2, inProgress: 1, notStarted: 2, overdue: 2, dueSoon: 3 }),
    );
  });

  it('exports the view as a workbook with real dates', async () => {
    at('2032-01-15T03:00:00Z');
    const res = await admin.get(`compliance/export?assignmentId=${safety}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="compliance-2032-01-15\.xlsx"/);
    const Excel = await loadExcel();
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Assignments',
      'Branches and departments',
      'People',
    ]);
    const summary = workbook.getWorksheet('Assignments');
    expect(summary?.getRow(2).getCell(1).value).toBe('Safety at height');
    expect(summary?.getRow(2).getCell(2).value).toBe(5);
    const sheet = workbook.getWorksheet('People');
    if (!sheet) throw new Error('no People sheet');
    expect(sheet.rowCount).toBe(1 + 5);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Assignment',
      'Employee code',
      'Full name',
      'Service',
      'Branch',
      'Department',
      'State',
      'Due date',
      'Assigned (Asia/Ho_Chi_Minh)',
      'Completed (Asia/Ho_Chi_Minh)',
    ]);
    const rows = [2, 3, 4, 5, 6].map((n) => sheet.getRow(n));
    const a1 = rows.find((r) => r.getCell(2).value === people.a1.employeeCode);
    if (!a1) throw new Error('a1 is not in the export');
    expect(a1.getCell(7).value).toBe('Done');
    const due = a1.getCell(8);
    expect(due.value).toBeInstanceOf(Date);
    expect((due.value as Date).toISOString()).toBe('2032-01-20T00:00:00.000Z');
    expect(due.numFmt).toBe('yyyy-mm-dd');
    // Completed at 02:00 UTC is 09:00 in Ho Chi Minh City.
    expect(a1.getCell(10).value).toBeInstanceOf(Date);
    expect((a1.getCell(10).value as Date).toISOString()).toBe('2032-01-06T09:00:00.000Z');
    const b1 = rows.find((r) => r.getCell(2).value === people.b1.employeeCode);
    expect(b1?.getCell(7).value).toBe('Not started');
    expect(b1?.getCell(10).value ?? null).toBeNull();
  });
  it('counts the people whose current certificate of the course expires within 30 days, not expired ones', async () => {
    at('2032-02-01T03:00:00Z');
    const options = (await admin.get('certificates/options')).json() as { id: number; name: string }[];
    const certificateId = options.find((o) => o.name === DEMO_CERTIFICATE_NAME)?.id;
    // Valid for 2 months: a certificate earned on 1 February (local) expires at the end of 1 April.
    const { course, topics } = await buildCourse(admin, [[0]], {
      name: 'Dangerous goods',
      certificateId: String(certificateId),
      certificateValidityMonths: '2',
      recertificationWindowDays: '10',
    });
    const [early, late, never] = await Promise.all(
      [1, 2, 3].map(() => makeUser(t.app, { place: org.branchB })),
    );
    if (!early || !late || !never) throw new Error('users not made');
    const res = await admin.post('assignments', {
      courseId: course.id,
      audience: { userIds: [early.id, late.id, never.id] },
      due: { date: '2032-06-30' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const goods = (res.json() as { id: number }).id;
    const lesson = topics[0]?.lessons[0]?.id;
    const finish = async (learner: MadeUser) => {
      const done = await learner.client.post(`user-lesson/update-status/${lesson}`);
      expect(done.statusCode, done.body).toBe(200);
    };
    await finish(early);
    // The other one earns theirs on 10 February: it expires on 10 April.
    at('2032-02-10T03:00:00Z');
    await finish(late);
    const expiries = await t.database.db.execute(sql`
      select user_id, (expires_at at time zone ${ZONE})::date::text as day from issued_certificates
      where course_id = ${course.id} order by expires_at`);
    expect((expiries as unknown as { rows: { day: string }[] }).rows.map((r) => r.day)).toEqual([
      '2032-04-01',
      '2032-04-10',
    ]);

    const expiring = async (iso: string) => {
      at(iso);
      await recount();
      return (await view(admin, `?assignmentId=${goods}`)).totals;
    };
    // 1 March: 1 April is more than 30 days away (3 March is the first day it counts).
    expect(await expiring('2032-03-01T03:00:00Z')).toMatchObject({ people: 3, done: 2, expiringSoon: 0 });
    // 3 March (local): the first certificate expires within 30 days (today counted), the second not.
    const soon = await expiring('2032-03-02T18:00:00Z');
    expect(soon).toMatchObject({ people: 3, done: 2, expiringSoon: 1 });
    expect(soon.percent.expiringSoon).toBe(33);
    // 1 April, its last day: both; 2 April: the first has expired.
    expect(await expiring('2032-04-01T03:00:00Z')).toMatchObject({ expiringSoon: 2 });
    expect(await expiring('2032-04-02T03:00:00Z')).toMatchObject({ expiringSoon: 1 });
    // The branch's row counts it too.
    const branch = (await view(admin, `?assignmentId=${goods}`)).places.find(
      (p) => p.branchId === org.branchB.branchId && p.departmentId === null,
    );
    expect(branch?.counts.expiringSoon).toBe(1);
  });
});
