import {
  forbiddenMessage,
  MESSAGES,
  PROGRESS_EXPORT_COLUMNS,
  PROGRESS_MESSAGES,
  type TExamStanding,
  type TLearnerProgress,
  type TLoginEntry,
  type TMyProgress,
  type TProgressRow,
  type TProgressSummary,
} from '@academy/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientFor } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS, DEMO_EMPLOYEE_PASSWORD } from '../../demo/seed';
import { type ExamFixture, setupExam, takeExam } from '../exams/testing';
import { users } from '../users/tables';

let t: TestApp;
let admin: ApiClient;
/** E1009, the demo "Training coordinator": PROGRESS_MANAGEMENT among others. */
let manager: ApiClient;
let student: ApiClient;

type Learner = { client: ApiClient; id: number; code: string };
const learners: Record<'passed' | 'studying' | 'locked' | 'examPassed' | 'idle', Learner> = {} as never;
let course: { id: number; name: string };
let exam: ExamFixture;

async function learner(code: string): Promise<Learner> {
  const client = await clientAs(t.app, code);
  const info = (await client.get('users/info')).json() as { id: number };
  return { client, id: info.id, code };
}

async function open(who: Learner, lessonId: number | undefined): Promise<void> {
  const res = await who.client.post(`user-lesson/update-status/${lessonId}`);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  manager = await clientAs(t.app, 'E1009');
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);

  const built = await buildCourse(admin, [[0, 0]], { name: 'Progress report course' });
  course = built.course;
  const [l1, l2] = built.topics[0]?.lessons ?? [];
  exam = await setupExam(admin, { maxFailed: 2, required: 2 });

  // E1002, E1003: branch 1 (Skyline Mobile Hanoi); E1004–E1006: branch 2 (Da Nang).
  learners.passed = await learner('E1002');
  learners.studying = await learner('E1003');
  learners.locked = await learner('E1004');
  learners.examPassed = await learner('E1005');
  await open(learners.passed, l1?.id);
  await open(learners.passed, l2?.id);
  await open(learners.studying, l1?.id);
  for (let i = 0; i < 2; i++)
    expect((await takeExam(learners.locked.client, exam.examId, 0)).passed).toBe(false);
  expect((await takeExam(learners.examPassed.client, exam.examId, 0)).passed).toBe(false);
  expect((await takeExam(learners.examPassed.client, exam.examId, 3)).passed).toBe(true);

  // E1006 is assigned the course by the roadmap of their branch and a new role, and has not started.
  const role = await admin.post('authorizations', { name: 'Reported role', branchId: 2, permissions: [] });
  const roleId = (role.json() as { id: number }).id;
  await t.database.db.update(users).set({ authorizationId: roleId }).where(eq(users.employeeCode, 'E1006'));
  const roadmap = await admin.post('roadmaps', {
    branchId: 2,
    authorizationId: roleId,
    milestones: [{ name: 'All', courses: [{ courseId: course.id }] }],
  });
  expect(roadmap.statusCode, roadmap.body).toBe(201);
  learners.idle = await learner('E1006');
}, 120_000);
afterAll(() => t.close());

async function rows(query: string): Promise<{ rows: TProgressRow[]; total: number }> {
  const res = await manager.get(`progress?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json(), total: Number(res.headers['x-total-count']) };
}

describe('progress report', () => {
  it('lists learners in a course with percent and status: passed, studying, not studying (roadmap)', async () => {
    const { rows: list, total } = await rows(`courseId=${course.id}&sort=employeeCode,asc`);
    expect(total).toBe(3);
    expect(list.map((r) => [r.employeeCode, r.status, r.percent, r.assigned])).toEqual([
      ['E1002', 'PASSED', 100, false],
      ['E1003', 'STUDYING', 50, false],
      ['E1006', 'IDLE', 0, true],
    ]);
    expect(list[0]).toMatchObject({
      courseName: 'Progress report course',
      lessonCount: 2,
      passedLessons: 2,
      branchName: 'Skyline Mobile Hanoi',
      serviceName: 'Skyline Mobile',
      finishedAt: expect.any(String),
      startedAt: expect.any(String),
    });
    expect(list[2]).toMatchObject({ startedAt: null, lastStudiedAt: null, finishedAt: null });
  });

  it('marks a failed exam as failed, and filters by status, branch, department, service and search', async () => {
    const examRows = (await rows(`courseId=${exam.courseId}&sort=employeeCode,asc`)).rows;
    expect(examRows.map((r) => [r.employeeCode, r.status])).toEqual([
      ['E1004', 'FAILED'],
      ['E1005', 'STUDYING'],
    ]);
    expect((await rows(`courseId=${course.id}&status=PASSED`)).rows.map((r) => r.employeeCode)).toEqual([
      'E1002',
    ]);
    expect((await rows(`courseId=${course.id}&status=IDLE`)).rows.map((r) => r.employeeCode)).toEqual([
      'E1006',
    ]);
    const inBranch2 = (await rows('branchId=2')).rows.map((r) => r.employeeCode).sort();
    expect(inBranch2).toEqual(['E1004', 'E1005', 'E1006']);
    const byDepartment = (await rows(`courseId=${course.id}&departmentId=2`)).rows.map((r) => r.employeeCode);
    expect(byDepartment).toEqual(['E1002']);
    expect((await rows(`courseId=${course.id}&serviceId=2`)).total).toBe(0);
    expect((await rows(`q=e1003`)).rows.map((r) => [r.employeeCode, r.courseId])).toEqual([
      ['E1003', course.id],
    ]);
    // The demo student's own courses are there without filters.
    expect((await rows('q=student')).rows.map((r) => r.courseName)).toContain('Workplace safety');
  });

  it('filters by the study dates, and checks them with the SPEC messages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await rows(`courseId=${course.id}&from=${today}&to=${today}`)).rows.map((r) => r.employeeCode).sort(),
    ).toEqual(['E1002', 'E1003']);
    expect((await rows(`courseId=${course.id}&from=2001-01-01&to=2001-12-31`)).total).toBe(0);
    expect((await rows(`courseId=${course.id}&to=${today}`)).total).toBe(2);
    const invalid = await manager.get('progress?from=2026-02-30');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: MESSAGES.dateInvalid,
      fieldErrors: [{ field: 'from', message: 'Time is not valid' }],
    });
    const reversed = await manager.get('progress?from=2026-03-10&to=2026-03-09');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: PROGRESS_MESSAGES.endBeforeStart,
      fieldErrors: [{ field: 'to', message: 'The end time must be equal or greater than the start time' }],
    });
    expect((await manager.get('progress?from=2026-03-10&to=2026-03-10')).statusCode).toBe(200);
    expect((await manager.get('progress/summary?from=nope')).json().message).toBe(MESSAGES.dateInvalid);
  });

  it('pages with the total in one statement, the same for 1 row as for 100', async () => {
    const page = await rows('size=2&page=1&sort=employeeCode,asc');
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(8);
    const past = await rows('size=50&page=9');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(page.total);
    t.database.queries.reset();
    await manager.get('progress?size=1');
    const one = t.database.queries.count;
    t.database.queries.reset();
    await manager.get('progress?size=100');
    expect(t.database.queries.count).toBe(one);
    // The principal, and the page with its total.
    expect(one).toBe(2);
    expect((await manager.get('progress?sort=salary,asc')).statusCode).toBe(400);
  });

  it('summarises the filtered rows: statuses, completion rate and exam pass rate per course', async () => {
    const summary = (await manager.get(`progress/summary?courseId=${course.id}`)).json() as TProgressSummary;
    expect(summary).toEqual({
      rows: 3,
      learners: 3,
      byStatus: { STUDYING: 1, PASSED: 1, FAILED: 0, IDLE: 1 },
      completionRate: 33.3,
      examPassRates: [],
    });
    const examSummary = (
      await manager.get(`progress/summary?courseId=${exam.courseId}`)
    ).json() as TProgressSummary;
    // E1004 failed twice, E1005 failed once then passed: 1 of 4 attempts passed.
    expect(examSummary.examPassRates).toEqual([
      { courseId: exam.courseId, courseName: expect.any(String), attempts: 4, passed: 1, rate: 25 },
    ]);
    expect(examSummary.byStatus).toEqual({ STUDYING: 1, PASSED: 0, FAILED: 1, IDLE: 0 });
  });

  it('needs PROGRESS_MANAGEMENT, with the SPEC message', async () => {
    for (const path of [
      'progress',
      'progress/summary',
      'progress/export',
      `progress/users/${learners.passed.id}`,
    ]) {
      const res = await student.get(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(
        forbiddenMessage(path.endsWith('export') ? 'export progress' : 'view progress'),
      );
    }
  });
});

describe('a learner’s progress detail', () => {
  it('shows their courses with lessons (time viewed, status), exam attempts and the lock', async () => {
    const res = await manager.get(`progress/users/${learners.locked.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as TLearnerProgress;
    expect(detail.user).toMatchObject({ employeeCode: 'E1004', branchName: 'Skyline Mobile Da Nang' });
    expect(detail.courses).toHaveLength(1);
    expect(detail.courses[0]).toMatchObject({ courseId: exam.courseId, status: 'FAILED', percent: 0 });
    expect(detail.courses[0]?.lessons.map((l) => [l.id, l.status, l.hasExam, l.passed])).toEqual([
      [exam.examId, 'FAILED', true, false],
      [exam.nextLessonId, 'IDLE', false, false],
    ]);
    expect(detail.attempts.map((a) => [a.number, a.result, a.mark, a.status])).toEqual([
      [2, 'FAILED', 0, 'SUBMITTED'],
      [1, 'FAILED', 0, 'SUBMITTED'],
    ]);
    expect(detail.attempts[0]).toMatchObject({
      examId: exam.examId,
      courseName: expect.any(String),
      lessonName: expect.any(String),
      ip: expect.any(String),
      cheating: false,
    });
    expect(detail.standings).toEqual([
      expect.objectContaining({ examId: exam.examId, locked: true, failedAttempts: 2, attempts: 2 }),
    ]);
  });

  it('lets staff unlock the locked exam, after which the learner may take it again', async () => {
    const unlocked = await manager.post(`exams/${exam.examId}/unlock`, { userId: learners.locked.id });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toMatchObject({
      locked: false,
      failedAttempts: 0,
    } satisfies Partial<TExamStanding>);
    const detail = (await manager.get(`progress/users/${learners.locked.id}`)).json() as TLearnerProgress;
    expect(detail.standings[0]).toMatchObject({ locked: false, unlockedAt: expect.any(String) });
    expect((await takeExam(learners.locked.client, exam.examId, 3)).passed).toBe(true);
    const again = (await manager.get(`progress/users/${learners.locked.id}`)).json() as TLearnerProgress;
    expect(again.courses[0]?.lessons[0]).toMatchObject({ status: 'PASSED', passed: true, examPassed: true });
    expect(again.attempts).toHaveLength(3);
  });

  it('answers in a constant number of statements whatever the data', async () => {
    t.database.queries.reset();
    await manager.get(`progress/users/${learners.idle.id}`);
    const few = t.database.queries.count;
    t.database.queries.reset();
    await manager.get(`progress/users/${learners.examPassed.id}`);
    expect(t.database.queries.count).toBe(few);
    // The principal, the user, their courses, lessons, exam names, attempts and standings (page + total
    // each), their ended cycles (decision 105) and their SCORM and cmi5 lessons (decision 150).
    expect(few).toBe(11);
    const missing = await manager.get('progress/users/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.userNotFound);
  });

  it('lists their sign-ins, newest first, with IP and browser', async () => {
    await clientFor(t.app, 'E1003', DEMO_EMPLOYEE_PASSWORD);
    await clientFor(t.app, 'E1003', DEMO_EMPLOYEE_PASSWORD);
    const res = await manager.get(`progress/users/${learners.studying.id}/login-history?size=1`);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const [latest] = res.json() as TLoginEntry[];
    expect(latest).toMatchObject({ at: expect.any(String), ip: expect.any(String) });
    const all = (
      await manager.get(`progress/users/${learners.studying.id}/login-history`)
    ).json() as TLoginEntry[];
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
  });

  it('gives the learner their own courses, lessons and exam results', async () => {
    const mine = (await learners.examPassed.client.get('my-progress')).json() as TMyProgress;
    expect(mine.courses.map((c) => [c.courseId, c.status, c.percent])).toEqual([
      [exam.courseId, 'STUDYING', 50],
    ]);
    expect(mine.courses[0]?.lessons.map((l) => l.status)).toEqual(['PASSED', 'IDLE']);
    expect(mine.exams).toEqual([
      expect.objectContaining({
        examId: exam.examId,
        attempts: 2,
        bestMark: 100,
        lastMark: 100,
        lastResult: 'PASSED',
        passed: true,
        locked: false,
      }),
    ]);
  });
});

describe('export', () => {
  it('streams the filtered report as a workbook that parses back to the same rows', async () => {
    const res = await manager.get(`progress/export?courseId=${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="progress-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Progress');
    const values = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    const [header, ...data] = values.map((row) => row.slice(1));
    // Times are in the configured zone (the server's here), named in their headers.
    const zoned = new Set(['startedAt', 'lastStudiedAt', 'finishedAt']);
    expect(header).toEqual(
      PROGRESS_EXPORT_COLUMNS.map((c) =>
        zoned.has(c.key) ? `${c.header} (${t.config.timeZone})` : c.header,
      ),
    );
    // The percent is a number shown as a percentage; the status in the one vocabulary (decision 95).
    expect(data.map((r) => [r[0], r[5], r[6], r[7], r[8], r[9], r[10]])).toEqual([
      ['E1002', 'Progress report course', 2, 2, 1, 'Passed', 'No'],
      ['E1003', 'Progress report course', 1, 2, 0.5, 'In progress', 'No'],
      ['E1006', 'Progress report course', 0, 2, 0, 'Not started', 'Yes'],
    ]);
    expect(sheet?.getRow(2).getCell(9).numFmt).toBe('0%');
    expect(data[0]?.[11]).toBeInstanceOf(Date);
    const reversed = await manager.get('progress/export?from=2026-03-10&to=2026-03-09');
    expect(reversed.statusCode).toBe(400);
  });
});
