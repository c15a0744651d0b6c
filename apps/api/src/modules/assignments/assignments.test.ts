import {
  ASSIGNMENT_MESSAGES,
  MESSAGES,
  type TAssignment,
  type TAssignmentCreated,
  type TAssignmentPerson,
  type TMyAssignment,
} from '@academy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { testClock } from '../../../test/clock';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { courseProgressRows } from '../study';
import { users } from '../users/tables';
import { resolveAll } from './wiring';

let t: TestApp;
let admin: ApiClient;
let org: OrgTree;
let courseId: number;
let lessonId: number;

/** The assignments' clock is moved with an offset file; sign-in tokens keep the real time. */
const clock = testClock('assignments');
const clockFile = clock.file;
const at = clock.at;
const clockNow = clock.now;

beforeAll(async () => {
  at('2030-01-01T00:00:00Z');
  t = await createTestApp({ env: { TIME_ZONE: 'Asia/Ho_Chi_Minh', CLOCK_OFFSET_FILE: clockFile } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  org = await makeOrgTree(t.app);
  const built = await buildCourse(admin, [[0]], { name: 'Customer data protection' });
  courseId = built.course.id;
  lessonId = built.topics[0]?.lessons[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  clock.remove();
});

async function assign(body: object, client: ApiClient = admin): Promise<TAssignmentCreated> {
  const res = await client.post('assignments', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TAssignmentCreated;
}

async function people(id: number, query = ''): Promise<TAssignmentPerson[]> {
  const res = await admin.get(`assignments/${id}/people${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-total-count']).toBe(String((res.json() as unknown[]).length));
  return res.json() as TAssignmentPerson[];
}

async function mine(user: MadeUser): Promise<TMyAssignment[]> {
  const res = await user.client.get('my-assignments');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMyAssignment[];
}

function resolveNow() {
  return resolveAll(t.database.db, 'Asia/Ho_Chi_Minh', { courseProgressRows }, clockNow());
}

describe('assigning a course to a department', () => {
  it('gives every person of the department the course, due at the end of the day in TIME_ZONE', async () => {
    at('2030-03-01T03:00:00Z');
    const a = await makeUser(t.app, { place: org.branchA });
    const b = await makeUser(t.app, { place: org.branchA });
    const outsider = await makeUser(t.app, { place: org.branchB });
    const created = await assign({
      courseId,
      audience: { departmentIds: [org.branchA.departmentId] },
      due: { date: '2030-03-20' },
    });
    expect(created).toEqual({ id: expect.any(Number), people: 2 });
    const list = await people(created.id);
    expect(list.map((p) => p.userId).sort()).toEqual([a.id, b.id].sort());
    // The end of 20 March in Ho Chi Minh City (UTC+7) is 16:59:59.999 UTC.
    expect(list[0]).toMatchObject({
      dueOn: '2030-03-20',
      dueAt: '2030-03-20T16:59:59.999Z',
      state: 'NOT_STARTED',
    });
    expect(await mine(outsider)).toEqual([]);
    const [item] = await mine(a);
    expect(item).toMatchObject({
      assignmentId: created.id,
      courseId,
      roadmapId: null,
      name: 'Customer data protection',
      dueOn: '2030-03-20',
      state: 'NOT_STARTED',
    });

    // 23:30 local on the due day is still due; 00:30 the next day is overdue.
    at('2030-03-20T16:30:00Z');
    expect((await mine(a))[0]?.state).toBe('NOT_STARTED');
    at('2030-03-20T17:30:00Z');
    expect((await mine(a))[0]?.state).toBe('OVERDUE');
    expect((await people(created.id, '?state=OVERDUE')).length).toBe(2);
  });

  it('counts days after the assignment and after joining in the academy’s time zone', async () => {
    // 20:00 UTC on 1 April is already 2 April in Ho Chi Minh City.
    at('2030-04-01T20:00:00Z');
    const person = await makeUser(t.app, { place: org.otherService });
    const afterAssigned = await assign({
      courseId,
      audience: { userIds: [person.id] },
      due: { daysAfterAssigned: 10 },
    });
    const [row] = await people(afterAssigned.id);
    expect(row?.dueOn).toBe('2030-04-12');
    // Joined today (the account was made just now): 5 days after joining.
    const afterJoining = await assign({
      courseId,
      audience: { userIds: [person.id] },
      due: { daysAfterJoining: 5 },
    });
    expect((await people(afterJoining.id))[0]?.dueOn).toBe('2030-04-07');
    // Joined long ago: 5 days after joining has passed, so 5 days after being assigned.
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2029-01-01T00:00:00Z') })
      .where(eq(users.id, person.id));
    const veteran = await assign({
      courseId,
      audience: { userIds: [person.id] },
      due: { daysAfterJoining: 5 },
    });
    expect((await people(veteran.id))[0]?.dueOn).toBe('2030-04-07');
    // Joined 3 days ago: 2 days are left.
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2030-03-30T12:00:00Z') })
      .where(eq(users.id, person.id));
    const recent = await assign({
      courseId,
      audience: { userIds: [person.id] },
      due: { daysAfterJoining: 5 },
    });
    expect((await people(recent.id))[0]?.dueOn).toBe('2030-04-04');
  });
});

describe('live rules', () => {
  it('reaches a new employee who joins, removes one who moves out, keeps the finished history of one who leaves', async () => {
    at('2030-05-01T03:00:00Z');
    const tree = await makeOrgTree(t.app);
    const stays = await makeUser(t.app, { place: tree.branchA });
    const mover = await makeUser(t.app, { place: tree.branchA });
    const finisher = await makeUser(t.app, { place: tree.branchA });
    const created = await assign({
      courseId,
      audience: { branchIds: [tree.branchA.branchId] },
      due: { daysAfterAssigned: 14 },
    });
    expect(created.people).toBe(3);
    // The finisher passes the course's only lesson (no minimum time: opening passes it).
    expect((await finisher.client.post(`user-lesson/update-status/${lessonId}`)).statusCode).toBe(200);
    expect((await mine(finisher))[0]?.state).toBe('DONE');

    // Two days later a new employee joins the branch: their own due date, 14 days from their day.
    at('2030-05-03T03:00:00Z');
    const newcomer = await makeUser(t.app, { place: tree.branchA });
    expect((await mine(newcomer))[0]).toMatchObject({ assignmentId: created.id, dueOn: '2030-05-17' });

    // The mover goes to another branch; the finisher moves too, after finishing.
    await t.database.db
      .update(users)
      .set({ ...tree.branchB })
      .where(eq(users.id, mover.id));
    await t.database.db
      .update(users)
      .set({ ...tree.branchB })
      .where(eq(users.id, finisher.id));
    const outcome = await resolveNow();
    expect(outcome.removed).toBeGreaterThanOrEqual(1);
    const now = await people(created.id);
    expect(now.map((p) => p.userId).sort()).toEqual([stays.id, newcomer.id, finisher.id].sort());
    expect(now.find((p) => p.userId === finisher.id)?.state).toBe('DONE');
    expect(await mine(mover)).toEqual([]);

    // Stopping someone's access takes them out too.
    await t.database.db.update(users).set({ access: 'STOPPED' }).where(eq(users.id, stays.id));
    await resolveNow();
    expect((await people(created.id)).map((p) => p.userId)).not.toContain(stays.id);

    // The mover comes back: assigned again from that day.
    at('2030-05-10T03:00:00Z');
    await t.database.db
      .update(users)
      .set({ ...tree.branchA })
      .where(eq(users.id, mover.id));
    expect((await mine(mover))[0]).toMatchObject({ dueOn: '2030-05-24', state: 'NOT_STARTED' });
  });

  it('opening a lesson of an assigned course puts the person in progress', async () => {
    at('2030-06-01T03:00:00Z');
    const built = await buildCourse(admin, [[5]], { name: 'Network safety' });
    const learner = await makeUser(t.app, { place: org.otherService });
    const created = await assign({
      courseId: built.course.id,
      audience: { userIds: [learner.id] },
      due: { date: '2030-06-30' },
    });
    expect((await people(created.id))[0]?.state).toBe('NOT_STARTED');
    const opened = await learner.client.post(`user-lesson/update-status/${built.topics[0]?.lessons[0]?.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await people(created.id))[0]?.state).toBe('IN_PROGRESS');
    expect((await mine(learner))[0]?.state).toBe('IN_PROGRESS');
  });
});

describe('bad input', () => {
  it('refuses a due date in the past, an offset of zero or less, and neither or both of course and roadmap', async () => {
    at('2030-07-10T03:00:00Z');
    const body = { courseId, audience: { everyone: true } };
    const past = await admin.post('assignments', { ...body, due: { date: '2030-07-09' } });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: ASSIGNMENT_MESSAGES.dueInPast });
    for (const due of [{ daysAfterAssigned: 0 }, { daysAfterJoining: -3 }]) {
      const res = await admin.post('assignments', { ...body, due });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(ASSIGNMENT_MESSAGES.offsetPositive);
    }
    const neither = await admin.post('assignments', {
      audience: { everyone: true },
      due: { daysAfterAssigned: 3 },
    });
    expect(neither.statusCode).toBe(400);
    expect(JSON.stringify(neither.json())).toContain(ASSIGNMENT_MESSAGES.courseOrRoadmap);
    const noAudience = await admin.post('assignments', {
      courseId,
      audience: {},
      due: { daysAfterAssigned: 3 },
    });
    expect(noAudience.statusCode).toBe(400);
    const missingCourse = await admin.post('assignments', {
      courseId: 999_999,
      audience: { everyone: true },
      due: { daysAfterAssigned: 3 },
    });
    expect(missingCourse.statusCode).toBe(400);
    expect(missingCourse.json()).toMatchObject({ message: MESSAGES.courseNotFound });
    // Today itself is allowed.
    const today = await admin.post('assignments', {
      ...body,
      audience: { userIds: [1] },
      due: { date: '2030-07-10' },
    });
    expect(today.statusCode, today.body).toBe(201);
  });

  it('keeps a rule that matches nobody, with a warning', async () => {
    const empty = await makeOrgTree(t.app);
    const created = await assign({
      courseId,
      audience: { departmentIds: [empty.branchB.departmentId] },
      due: { daysAfterAssigned: 7 },
    });
    expect(created).toEqual({ id: created.id, people: 0, warning: ASSIGNMENT_MESSAGES.matchesNobody });
    const res = await admin.get(`assignments/${created.id}`);
    expect(res.json()).toMatchObject({
      counts: { people: 0 },
      audience: { departmentIds: [empty.branchB.departmentId] },
    });
  });

  it('refuses to delete a course that people are assigned, and deletes nothing', async () => {
    const built = await buildCourse(admin, [[0]], { name: 'Assigned, not deletable' });
    await assign({ courseId: built.course.id, audience: { everyone: true }, due: { daysAfterAssigned: 30 } });
    const res = await admin.delete(`courses/${built.course.id}?confirm=true`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: MESSAGES.courseInUse });
    expect((await admin.get(`courses/${built.course.id}`)).statusCode).toBe(200);
  });
});

describe('scope', () => {
  it('a branch manager assigns only within their branch and sees only their people', async () => {
    const tree = await makeOrgTree(t.app);
    const inBranch = await makeUser(t.app, { place: tree.branchA });
    await makeUser(t.app, { place: tree.branchB });
    const manager = await makeUser(t.app, {
      place: tree.branchA,
      permissions: ['LEARNING_PATH_MANAGEMENT'],
      authorizationScope: { branchId: tree.branchA.branchId },
    });
    const created = await assign(
      { courseId, audience: { serviceIds: [tree.branchA.serviceId] }, due: { daysAfterAssigned: 10 } },
      manager.client,
    );
    // The whole service was asked for; only the manager's branch is reached (the manager included).
    expect(created.people).toBe(2);
    const list = (await manager.client.get(`assignments/${created.id}/people`)).json() as TAssignmentPerson[];
    expect(list.map((p) => p.userId).sort()).toEqual([inBranch.id, manager.id].sort());
    const adminsAssignment = await assign({
      courseId,
      audience: { userIds: [org.otherService.departmentId] },
      due: { daysAfterAssigned: 10 },
    });
    expect((await manager.client.get(`assignments/${adminsAssignment.id}`)).statusCode).toBe(404);
    const mine = (await manager.client.get('assignments')).json() as TAssignment[];
    expect(mine.map((a) => a.id)).toContain(created.id);
    expect(mine.map((a) => a.id)).not.toContain(adminsAssignment.id);
  });

  it('a learner without the key cannot assign', async () => {
    const learner = await makeUser(t.app);
    const res = await learner.client.post('assignments', {
      courseId,
      audience: { everyone: true },
      due: { daysAfterAssigned: 3 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'You do not have permission to add assignments' });
  });
});

describe('assigned courses open outside the roadmap', () => {
  it('a course the learner’s roadmap locks opens once it is assigned to them; a roadmap assignment is done when its courses are', async () => {
    at('2030-08-01T03:00:00Z');
    const { course: gate } = await buildCourse(admin, [[0, 0]], {
      name: 'Gate for assignments',
      mustCompleteBeforeNext: 'true',
    });
    const { course: after, topics } = await buildCourse(admin, [[0]], { name: 'Locked unless assigned' });
    const role = await admin.post('authorizations', {
      name: 'Assignment gate learners',
      branchId: org.branchA.branchId,
      permissions: [],
    });
    expect(role.statusCode, role.body).toBe(201);
    const authorizationId = (role.json() as { id: number }).id;
    const roadmap = await admin.post('roadmaps', {
      branchId: org.branchA.branchId,
      authorizationId,
      milestones: [{ name: 'Only', courses: [{ courseId: gate.id }, { courseId: after.id, order: 1 }] }],
    });
    expect(roadmap.statusCode, roadmap.body).toBe(201);
    const learner = await makeUser(t.app, { place: org.branchA });
    await t.database.db.update(users).set({ authorizationId }).where(eq(users.id, learner.id));
    const lesson = topics[0]?.lessons[0]?.id;
    expect((await learner.client.post(`user-lesson/update-status/${lesson}`)).statusCode).toBe(403);

    await assign({ courseId: after.id, audience: { userIds: [learner.id] }, due: { daysAfterAssigned: 5 } });
    const opened = await learner.client.post(`user-lesson/update-status/${lesson}`);
    expect(opened.statusCode, opened.body).toBe(200);

    // The whole roadmap assigned: done when both courses are finished.
    const roadmapId = (roadmap.json() as { id: number }).id;
    const whole = await assign({
      roadmapId,
      audience: { userIds: [learner.id] },
      due: { daysAfterAssigned: 30 },
    });
    const item = (await mine(learner)).find((a) => a.assignmentId === whole.id);
    expect(item).toMatchObject({ roadmapId, courseId: null, state: 'IN_PROGRESS' });
    expect(item?.name).toContain(' · Assignment gate learners');
    const gateTree = (await admin.get(`courses/${gate.id}/topics`)).json() as { id: number }[];
    expect(gateTree.length).toBeGreaterThan(0);
    const roadmapDelete = await admin.delete(`roadmaps/${roadmapId}`);
    expect(roadmapDelete.statusCode).toBe(409);
    expect(roadmapDelete.json()).toMatchObject({ message: 'This roadmap is currently in use' });
  });
});

describe('the calendar feed', () => {
  it('answers text/calendar without sign-in at a secret URL, with one all-day event per unfinished assignment; regenerating retires the old URL', async () => {
    at('2030-09-01T03:00:00Z');
    const learner = await makeUser(t.app, { place: org.otherService });
    await assign({ courseId, audience: { userIds: [learner.id] }, due: { date: '2030-09-15' } });
    const link = await learner.client.get('my-assignments/calendar');
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/\/services\/core\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(((await learner.client.get('my-assignments/calendar')).json() as { url: string }).url).toBe(url);
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20300915');
    expect(feed.body).toContain('SUMMARY:Due: Customer data protection');

    const again = await learner.client.post('my-assignments/calendar');
    const next = (again.json() as { url: string }).url;
    expect(next).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(next).pathname })).statusCode).toBe(200);
  });
});

describe('lists stay at a constant number of statements', () => {
  it('the people of an assignment and the assignments list, for 2 people or 12', async () => {
    const tree = await makeOrgTree(t.app);
    const few = await assign({
      courseId,
      audience: { departmentIds: [tree.branchA.departmentId] },
      due: { daysAfterAssigned: 9 },
    });
    for (let i = 0; i < 12; i++) await makeUser(t.app, { place: tree.branchB });
    await makeUser(t.app, { place: tree.branchA });
    const many = await assign({
      courseId,
      audience: { departmentIds: [tree.branchB.departmentId] },
      due: { daysAfterAssigned: 9 },
    });
    const counts: number[] = [];
    for (const id of [few.id, many.id]) {
      t.database.queries.reset();
      await people(id);
      counts.push(t.database.queries.count);
    }
    expect(counts[0]).toBe(counts[1]);
    // The signed-in user, the assignment (scope check), the page with its total.
    expect(counts[0]).toBe(3);
  });
});
