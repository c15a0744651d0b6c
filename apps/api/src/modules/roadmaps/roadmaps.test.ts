import {
  forbiddenMessage,
  MESSAGES,
  ROADMAP_MESSAGES,
  roadmapLockedMessage,
  type TMyLesson,
  type TMyRoadmapAnswer,
  type TRoadmap,
  type TRoadmapInput,
  type TRoadmapListItem,
} from '@academy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { buildCourse } from '../../../test/courses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { users } from '../users/tables';
import { byOrder, roadmapLocks } from './service';

let t: TestApp;
let admin: ApiClient;
let coordinator: ApiClient;
let student: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  // E1009 holds the demo "Training coordinator" role, which includes LEARNING_PATH_MANAGEMENT.
  coordinator = await clientAs(t.app, 'E1009');
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
});
afterAll(() => t.close());

/** A new authorization (no permissions) for branch 1. */
async function newRole(name: string): Promise<number> {
  const res = await admin.post('authorizations', { name, branchId: 1, permissions: [] });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

let nextLearner = 2;
/** A demo employee with no progress, moved to branch 1 with the given authorization. */
async function learnerWith(authorizationId: number): Promise<ApiClient> {
  while ([9, 17, 25].includes(nextLearner)) nextLearner += 1;
  const code = `E${1000 + nextLearner}`;
  nextLearner += 1;
  await t.database.db.update(users).set({ branchId: 1, authorizationId }).where(eq(users.employeeCode, code));
  return clientAs(t.app, code);
}

async function create(input: TRoadmapInput, client: ApiClient = coordinator) {
  return client.post('roadmaps', input);
}

describe('roadmaps (management)', () => {
  it('creates a roadmap of a branch and an authorization, sorting milestones and courses by order (missing = 0)', async () => {
    const role = await newRole('Roadmap sorter');
    const res = await create({
      branchId: 1,
      authorizationId: role,
      description: 'First steps',
      milestones: [
        {
          name: 'Second',
          order: 2,
          courses: [{ courseId: 3, order: 3 }, { courseId: 1 }, { courseId: 2, order: 1 }],
        },
        { name: 'First', courses: [{ courseId: 4, order: 5 }] },
        { name: 'Before all', order: -1, courses: [{ courseId: 5 }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const roadmap = res.json() as TRoadmap;
    expect(roadmap).toMatchObject({
      branchId: 1,
      branchName: 'Skyline Mobile Hanoi',
      authorizationId: role,
      authorizationName: 'Roadmap sorter',
      description: 'First steps',
    });
    expect(roadmap.milestones.map((m) => [m.name, m.order])).toEqual([
      ['Before all', -1],
      ['First', null],
      ['Second', 2],
    ]);
    expect(roadmap.milestones[1]?.courses.map((c) => c.courseId)).toEqual([4]);
    // A missing order sorts as 0: before 1 and 3.
    expect(roadmap.milestones[2]?.courses.map((c) => [c.courseId, c.order])).toEqual([
      [1, null],
      [2, 1],
      [3, 3],
    ]);
    expect(roadmap.milestones[2]?.courses[0]).toMatchObject({ courseName: 'Customer care essentials' });
    const again = await coordinator.get(`roadmaps/${roadmap.id}`);
    expect(again.json()).toEqual(roadmap);
  });

  it('sorts with missing orders as 0 and keeps ties in the given order', () => {
    const sorted = byOrder([
      { id: 'a', order: 1 },
      { id: 'b' },
      { id: 'c', order: 0 },
      { id: 'd', order: -2 },
      { id: 'e', order: null },
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['d', 'b', 'c', 'e', 'a']);
  });

  it('answers "Roadmap already exists" for a second roadmap of the same branch and authorization', async () => {
    const role = await newRole('Unique pair');
    const input: TRoadmapInput = {
      branchId: 1,
      authorizationId: role,
      milestones: [{ name: 'Only', courses: [{ courseId: 1 }] }],
    };
    expect((await create(input)).statusCode).toBe(201);
    const second = await create({ ...input, milestones: [{ name: 'Other', courses: [{ courseId: 2 }] }] });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: 409, message: ROADMAP_MESSAGES.exists });
    // Same authorization in another branch is another roadmap; moving it onto the pair is refused.
    const other = await create({ ...input, branchId: 2 });
    expect(other.statusCode).toBe(201);
    const moved = await coordinator.put(`roadmaps/${(other.json() as TRoadmap).id}`, input);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(ROADMAP_MESSAGES.exists);
  });

  it('checks milestones, courses, branch and authorization with field errors', async () => {
    const role = await newRole('Checked');
    const none = await create({ branchId: 1, authorizationId: role, milestones: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ROADMAP_MESSAGES.needsMilestone);
    const empty = await create({
      branchId: 1,
      authorizationId: role,
      milestones: [{ name: 'Empty', courses: [] }],
    });
    expect(empty.json().fieldErrors).toContainEqual({
      field: 'milestones.0.courses',
      message: ROADMAP_MESSAGES.needsCourse,
    });
    const unnamed = await create({
      branchId: 1,
      authorizationId: role,
      milestones: [{ name: '  ', courses: [{ courseId: 1 }] }],
    });
    expect(unnamed.json().fieldErrors).toContainEqual({
      field: 'milestones.0.name',
      message: MESSAGES.required,
    });
    const twice = await create({
      branchId: 1,
      authorizationId: role,
      milestones: [
        { name: 'A', courses: [{ courseId: 1 }] },
        { name: 'B', courses: [{ courseId: 1 }] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toContainEqual({
      field: 'milestones.1.courses.0.courseId',
      message: ROADMAP_MESSAGES.courseTwice,
    });
    const ghost = await create({
      branchId: 999,
      authorizationId: 999,
      milestones: [{ name: 'A', courses: [{ courseId: 1 }, { courseId: 9999 }] }],
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fieldErrors).toEqual([
      { field: 'branchId', message: MESSAGES.branchNotFound },
      { field: 'authorizationId', message: MESSAGES.authorizationNotFound },
      { field: 'milestones.0.courses.1.courseId', message: MESSAGES.courseNotFound },
    ]);
    const badOrder = await create({
      branchId: 1,
      authorizationId: role,
      milestones: [{ name: 'A', courses: [{ courseId: 1, order: 'first' as unknown as number }] }],
    });
    expect(badOrder.json().fieldErrors).toContainEqual({
      field: 'milestones.0.courses.0.order',
      message: MESSAGES.mustBeNumber,
    });
  });

  it('lists roadmaps with counts and filters in a constant number of queries, edits and deletes one', async () => {
    // Branch 2 (Da Nang) is in Skyline Mobile, the service of the coordinator's authorization (issue 20).
    const role = await newRole('Listed role');
    const created = (
      await create({
        branchId: 2,
        authorizationId: role,
        milestones: [
          { name: 'M1', courses: [{ courseId: 1 }, { courseId: 2 }] },
          { name: 'M2', courses: [{ courseId: 3 }] },
        ],
      })
    ).json() as TRoadmap;
    const list = await coordinator.get(`roadmaps?authorizationId=${role}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      expect.objectContaining({ id: created.id, milestoneCount: 2, courseCount: 3, learnerCount: 0 }),
    ]);
    const search = (await coordinator.get('roadmaps?q=listed')).json() as TRoadmapListItem[];
    expect(search.map((r) => r.id)).toEqual([created.id]);
    t.database.queries.reset();
    await coordinator.get('roadmaps?size=1');
    const small = t.database.queries.count;
    t.database.queries.reset();
    await coordinator.get('roadmaps?size=100');
    expect(t.database.queries.count).toBe(small);

    const edited = await coordinator.put(`roadmaps/${created.id}`, {
      branchId: 2,
      authorizationId: role,
      milestones: [{ name: 'Only one', courses: [{ courseId: 4 }] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as TRoadmap).milestones).toEqual([
      expect.objectContaining({ name: 'Only one', courses: [expect.objectContaining({ courseId: 4 })] }),
    ]);
    expect((await coordinator.delete(`roadmaps/${created.id}`)).statusCode).toBe(204);
    const gone = await coordinator.get(`roadmaps/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(ROADMAP_MESSAGES.notFound);
  });

  it('needs LEARNING_PATH_MANAGEMENT, with the SPEC message for each action', async () => {
    const input = {
      branchId: 1,
      authorizationId: 1,
      milestones: [{ name: 'A', courses: [{ courseId: 1 }] }],
    };
    const cases = [
      [await student.get('roadmaps'), 'view roadmaps'],
      [await student.get('roadmaps/1'), 'view roadmaps'],
      [await student.get('roadmaps/course-options'), 'view roadmaps'],
      [await student.post('roadmaps', input), 'add roadmaps'],
      [await student.put('roadmaps/1', input), 'edit roadmaps'],
      [await student.delete('roadmaps/1'), 'delete roadmaps'],
    ] as const;
    for (const [res, action] of cases) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(forbiddenMessage(action));
    }
    const options = await coordinator.get('roadmaps/course-options');
    expect(options.json()).toContainEqual(
      expect.objectContaining({ name: 'Fibre installation basics', mustCompleteBeforeNext: true }),
    );
  });

  it('refuses deleting an authorization or a branch that has a roadmap', async () => {
    const role = await newRole('Kept by a roadmap');
    await create({
      branchId: 2,
      authorizationId: role,
      milestones: [{ name: 'A', courses: [{ courseId: 1 }] }],
    });
    const res = await admin.delete(`authorizations/${role}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.authorizationInUse);
  });
});

describe('the learner’s roadmap and "complete this course before moving on"', () => {
  it('shows the roadmap with states, and locks the courses after an unfinished must-complete course until it is finished', async () => {
    const { course: gate, topics: gateTopics } = await buildCourse(admin, [[0, 0]], {
      name: 'Gate course',
      mustCompleteBeforeNext: 'true',
    });
    const { course: after, topics: afterTopics } = await buildCourse(admin, [[0]], {
      name: 'After the gate',
    });
    const { course: intro, topics: introTopics } = await buildCourse(admin, [[0]], { name: 'Intro course' });
    const { topics: freeTopics } = await buildCourse(admin, [[0]], { name: 'Off the roadmap' });
    const role = await newRole('Gated learners');
    const created = await create({
      branchId: 1,
      authorizationId: role,
      milestones: [
        { name: 'Start', order: 1, courses: [{ courseId: intro.id }, { courseId: gate.id, order: 1 }] },
        { name: 'Next', order: 2, courses: [{ courseId: after.id }] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const learner = await learnerWith(role);
    const outsider = await learnerWith(await newRole('Not gated'));

    const roadmap = async () => ((await learner.get('my-roadmap')).json() as TMyRoadmapAnswer).roadmap;
    let mine = await roadmap();
    expect(mine?.milestones.map((m) => m.name)).toEqual(['Start', 'Next']);
    expect(mine?.milestones.flatMap((m) => m.courses.map((c) => [c.name, c.state, c.locked]))).toEqual([
      ['Intro course', 'NOT_STUDIED', false],
      ['Gate course', 'NOT_STUDIED', false],
      ['After the gate', 'NOT_STUDIED', true],
    ]);
    const locked = mine?.milestones[1]?.courses[0];
    expect(locked).toMatchObject({
      lockedBy: { courseId: gate.id, name: 'Gate course' },
      lockedMessage: roadmapLockedMessage('Gate course'),
    });

    // The API refuses the locked course's lessons, with the reason.
    const afterLesson = afterTopics[0]?.lessons[0]?.id;
    const refused = await learner.post(`user-lesson/update-status/${afterLesson}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(roadmapLockedMessage('Gate course'));
    expect((await learner.get(`lessons/${afterLesson}`)).statusCode).toBe(200);
    const lessons = (
      await learner.get(`my-lessons?thematic_id=${afterTopics[0]?.topic.id}`)
    ).json() as TMyLesson[];
    expect(lessons[0]).toMatchObject({ locked: true, lockedMessage: roadmapLockedMessage('Gate course') });
    // Not for a course off the roadmap, nor for a learner of another authorization.
    expect(
      (await learner.post(`user-lesson/update-status/${freeTopics[0]?.lessons[0]?.id}`)).statusCode,
    ).toBe(200);
    expect((await outsider.post(`user-lesson/update-status/${afterLesson}`)).statusCode).toBe(200);
    expect(((await outsider.get('my-roadmap')).json() as TMyRoadmapAnswer).roadmap).toBeNull();

    // Half the gate course: in progress, still locking.
    const [gate1, gate2] = gateTopics[0]?.lessons ?? [];
    expect((await learner.post(`user-lesson/update-status/${gate1?.id}`)).statusCode).toBe(200);
    expect(
      (await learner.post(`user-lesson/update-status/${introTopics[0]?.lessons[0]?.id}`)).statusCode,
    ).toBe(200);
    mine = await roadmap();
    expect(mine?.milestones.flatMap((m) => m.courses.map((c) => [c.state, c.percent, c.locked]))).toEqual([
      ['FINISHED', 100, false],
      ['IN_PROGRESS', 50, false],
      ['NOT_STUDIED', 0, true],
    ]);
    expect((await learner.post(`user-lesson/update-status/${afterLesson}`)).statusCode).toBe(403);

    // Finished: the next course opens.
    expect((await learner.post(`user-lesson/update-status/${gate2?.id}`)).statusCode).toBe(200);
    expect((await learner.post(`user-lesson/update-status/${afterLesson}`)).statusCode).toBe(200);
    mine = await roadmap();
    expect(mine?.milestones.flatMap((m) => m.courses.map((c) => [c.state, c.locked]))).toEqual([
      ['FINISHED', false],
      ['FINISHED', false],
      ['FINISHED', false],
    ]);
    expect(mine).toMatchObject({ courseCount: 3, finishedCount: 3, percent: 100 });
  });

  it('answers no roadmap for a learner whose branch and authorization have none, in three queries', async () => {
    expect((await student.get('my-roadmap')).json()).toEqual({ roadmap: null });
    t.database.queries.reset();
    await student.get('my-roadmap');
    expect(t.database.queries.count).toBeLessThanOrEqual(3);
  });

  it('applies the rule in memory as the SQL gate does: the first unfinished must-complete course locks the rest', () => {
    const course = (courseId: number, must: boolean, passed: number, lessonCount = 2) => ({
      courseId,
      name: `C${courseId}`,
      lessonCount,
      passed,
      mustCompleteBeforeNext: must,
    });
    const locks = roadmapLocks([
      course(1, true, 2),
      course(2, true, 0, 0),
      course(3, false, 0),
      course(4, true, 1),
      course(5, true, 0),
      course(6, false, 2),
    ]);
    expect(locks.map((l) => l?.courseId ?? null)).toEqual([null, null, null, null, 4, 4]);
  });
});
