import type {
  TCertificateVerification,
  TCourse,
  TExamState,
  TIssuedCertificate,
  TLearnerProgress,
  TMyAssignment,
  TMyProgress,
} from '@academy/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { testClock } from '../../../test/clock';
import { buildCourse } from '../../../test/courses';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { formData } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_CERTIFICATE_NAME } from '../../demo/certificates';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { issuedCertificates } from '../certificates/tables';
import { setupExam, takeExam } from '../exams/testing';
import { endCycles } from '../study';
import { courseCycleResults, lessonProgress, lessonProgressHistory } from '../study/tables';
import { users } from '../users/tables';
import { runRecertification } from './renewals';

/**
 * Issue 24, point 4: certificates valid for N months (decision 104) and recertification cycles
 * with history (decision 105). The academy's clock is moved with an offset file (as the journeys
 * do); sign-in tokens keep the real time.
 */
const ZONE = 'Asia/Ho_Chi_Minh';
let t: TestApp;
let admin: ApiClient;
let anonymous: ApiClient;
let org: OrgTree;
let certificateId: number;
const clock = testClock('recertification');
const clockFile = clock.file;
const at = clock.at;
const clockNow = clock.now;
function run() {
  return runRecertification(t.database.db, { timeZone: ZONE }, clockNow());
}

beforeAll(async () => {
  at('2031-01-01T00:00:00Z');
  t = await createTestApp({ env: { TIME_ZONE: ZONE, CLOCK_OFFSET_FILE: clockFile } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  anonymous = apiClient(t.app, undefined);
  org = await makeOrgTree(t.app);
  const options = (await admin.get('certificates/options')).json() as { id: number; name: string }[];
  certificateId = options.find((o) => o.name === DEMO_CERTIFICATE_NAME)?.id ?? 0;
  expect(certificateId).toBeGreaterThan(0);
});
// Each test's certificates are settled at its end, so a later test's passes open only its own cycles.
afterEach(async () => {
  await t.database.db.execute(
    sql`update issued_certificates set renewal_opened_at = now() where renewal_opened_at is null`,
  );
});
afterAll(async () => {
  await t.close();
  clock.remove();
});

function validity(months: number | '', windowDays: number | '' = '') {
  return {
    certificateId: String(certificateId),
    certificateValidityMonths: String(months),
    recertificationWindowDays: String(windowDays),
  };
}

/** Opens every lesson (none has a minimum time or an exam: each passes on opening). */
async function study(learner: MadeUser, lessonIds: number[]): Promise<void> {
  for (const id of lessonIds) {
    const res = await learner.client.post(`user-lesson/update-status/${id}`);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function myCertificates(learner: MadeUser): Promise<TIssuedCertificate[]> {
  const res = await learner.client.get('my-certificates');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TIssuedCertificate[];
}

async function verify(code: string): Promise<TCertificateVerification> {
  const res = await anonymous.get(`certificates/verify/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCertificateVerification;
}

async function myAssignments(learner: MadeUser): Promise<TMyAssignment[]> {
  const res = await learner.client.get('my-assignments');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMyAssignment[];
}

async function myProgress(learner: MadeUser): Promise<TMyProgress> {
  const res = await learner.client.get('my-progress');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMyProgress;
}

/** A course of two lessons without minimum time, granting the demo certificate. */
async function certifiedCourse(name: string, months: number | '', windowDays: number | '' = '') {
  const { course, topics } = await buildCourse(admin, [[0, 0]], { name, ...validity(months, windowDays) });
  return { course, lessonIds: (topics[0]?.lessons ?? []).map((l) => l.id) };
}

describe('certificate validity (decision 104)', () => {
  it('a course stores its validity in months and its recertification window in days (30 when blank)', async () => {
    const { course } = await certifiedCourse('Validity stored', 24);
    expect(course).toMatchObject({ certificateValidityMonths: 24, recertificationWindowDays: 30 });
    const res = await admin.put(
      `courses/${course.id}`,
      formData({ name: 'Validity stored', serviceId: '1', ordered: 'true', ...validity('', 10) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as TCourse).toMatchObject({
      certificateValidityMonths: null,
      recertificationWindowDays: 10,
    });
  });

  it('refuses a validity outside 1–120 months, a window outside 0–365 days or not shorter than the validity', async () => {
    for (const [fields, field] of [
      [validity(0), 'certificateValidityMonths'],
      [validity(121), 'certificateValidityMonths'],
      [{ ...validity(12), certificateValidityMonths: 'twelve' }, 'certificateValidityMonths'],
      [validity(12, 366), 'recertificationWindowDays'],
      [validity(12, -1), 'recertificationWindowDays'],
      [validity(1, 30), 'recertificationWindowDays'],
    ] as const) {
      const res = await admin.post(
        'courses',
        formData({ name: 'Bad validity', serviceId: '1', ordered: 'true', ...fields }),
      );
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(400);
      const body = res.json() as { fieldErrors?: { field: string }[] };
      expect(body.fieldErrors?.map((e) => e.field)).toContain(field);
    }
  });

  it('a certificate expires at the end of the day N months after the issue day, in TIME_ZONE', async () => {
    const learner = await makeUser(t.app, { place: org.branchA });
    // 20:00 UTC on 31 January is 03:00 on 1 February in Ho Chi Minh City.
    at('2031-01-31T20:00:00Z');
    const year = await certifiedCourse('Valid for a year', 12);
    await study(learner, year.lessonIds);
    // 10:00 on 31 January there: one month later is the last day of February.
    at('2031-01-31T03:00:00Z');
    const month = await certifiedCourse('Valid for a month', 1, 7);
    await study(learner, month.lessonIds);
    const forever = await certifiedCourse('Never expires', '');
    await study(learner, forever.lessonIds);

    const mine = await myCertificates(learner);
    const of = (courseId: number) => mine.find((c) => c.courseId === courseId);
    expect(of(year.course.id)).toMatchObject({
      // The academy's clock runs on from where it was put.
      issuedAt: expect.stringMatching(/^2031-01-31T20:00:/),
      expiresAt: '2032-02-01T16:59:59.999Z',
      status: 'VALID',
      cycle: 1,
    });
    expect(of(month.course.id)).toMatchObject({ expiresAt: '2031-02-28T16:59:59.999Z', status: 'VALID' });
    expect(of(forever.course.id)).toMatchObject({ expiresAt: null, status: 'VALID' });
  });

  it('verification says valid until the expiry day ends, expired after it; a learner sees the same', async () => {
    const learner = await makeUser(t.app, { place: org.branchA });
    at('2031-05-10T03:00:00Z');
    const { course, lessonIds } = await certifiedCourse('Verified validity', 6);
    await study(learner, lessonIds);
    const [certificate] = (await myCertificates(learner)).filter((c) => c.courseId === course.id);
    if (!certificate) throw new Error('no certificate issued');

    expect(await verify(certificate.code)).toMatchObject({
      courseName: 'Verified validity',
      issuedAt: expect.stringMatching(/^2031-05-10T03:00:/),
      expiresAt: '2031-11-10T16:59:59.999Z',
      status: 'VALID',
    });
    at('2031-11-10T16:59:59.000Z');
    expect((await verify(certificate.code)).status).toBe('VALID');
    at('2031-11-10T17:00:00.000Z');
    expect((await verify(certificate.code)).status).toBe('EXPIRED');
    expect((await myCertificates(learner)).find((c) => c.id === certificate.id)?.status).toBe('EXPIRED');
    const staff = await admin.get(`issued-certificates?courseId=${course.id}`);
    expect((staff.json() as TIssuedCertificate[])[0]).toMatchObject({ status: 'EXPIRED' });
  });
});

describe('recertification cycles (decision 105)', () => {
  let learner: MadeUser;
  let courseId: number;
  let examId: number;
  let nextLessonId: number;
  let first: TIssuedCertificate;

  beforeAll(async () => {
    learner = await makeUser(t.app, { place: org.branchA });
    at('2031-03-10T03:00:00Z');
    const exam = await setupExam(admin, { required: 2, maxFailed: 3 });
    ({ courseId, examId, nextLessonId } = exam);
    const res = await admin.put(
      `courses/${courseId}`,
      formData({ name: 'Working at height', serviceId: '1', ordered: 'true', ...validity(12, 30) }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the window opens a new cycle once, even when the job runs twice at the same time', async () => {
    // A compliance assignment the learner finishes in cycle 1.
    const assigned = await admin.post('assignments', {
      courseId,
      audience: { userIds: [learner.id] },
      due: { date: '2031-04-01' },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect((await takeExam(learner.client, examId, 0)).passed).toBe(false);
    expect((await takeExam(learner.client, examId, 3)).passed).toBe(true);
    await study(learner, [nextLessonId]);
    const issued = (await myCertificates(learner)).find((c) => c.courseId === courseId);
    if (!issued) throw new Error('no certificate issued');
    first = issued;
    expect(first).toMatchObject({ cycle: 1, expiresAt: '2032-03-10T16:59:59.999Z' });

    // The window (30 days before 10 March 2032) opens on 9 February there.
    at('2032-02-08T16:00:00Z');
    expect((await run()).opened).toBe(0);
    at('2032-02-08T17:30:00Z');
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.opened + b.opened).toBe(1);
    expect((await run()).opened).toBe(0);

    const { db } = t.database;
    const results = await db
      .select()
      .from(courseCycleResults)
      .where(and(eq(courseCycleResults.userId, learner.id), eq(courseCycleResults.courseId, courseId)));
    expect(results).toEqual([
      expect.objectContaining({ cycle: 1, lessonCount: 2, passedLessons: 2, finishedAt: expect.any(Date) }),
    ]);
    const current = await db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, learner.id),
          sql`${lessonProgress.lessonId} in (${examId}, ${nextLessonId})`,
        ),
      );
    expect(current).toEqual([]);
    const archived = await db
      .select({
        lessonId: lessonProgressHistory.lessonId,
        cycle: lessonProgressHistory.cycle,
        passed: lessonProgressHistory.passed,
      })
      .from(lessonProgressHistory)
      .where(eq(lessonProgressHistory.userId, learner.id));
    expect(archived).toHaveLength(2);
    expect(archived.every((r) => r.cycle === 1 && r.passed)).toBe(true);
    const [marked] = await db
      .select({ at: issuedCertificates.renewalOpenedAt })
      .from(issuedCertificates)
      .where(eq(issuedCertificates.id, first.id));
    expect(marked?.at).toBeInstanceOf(Date);
  });

  it('the course is assigned again, due on the expiry day; the finished assignment stays done', async () => {
    const mine = (await myAssignments(learner)).filter((a) => a.courseId === courseId);
    expect(mine).toEqual([
      expect.objectContaining({
        recertification: true,
        state: 'NOT_STARTED',
        dueOn: '2032-03-10',
        dueAt: '2032-03-10T16:59:59.999Z',
      }),
      expect.objectContaining({ recertification: false, state: 'DONE' }),
    ]);
  });

  it("the new cycle's progress starts empty while the old results and certificate stay as history", async () => {
    const percent = await learner.client.get(`my-courses/course-percent/${courseId}`);
    expect(percent.json()).toMatchObject({ passedLessons: 0, totalLessons: 2, percent: 0 });

    const state = (await learner.client.get(`exams/${examId}/state`)).json() as TExamState;
    expect(state).toMatchObject({ passed: false, failedAttempts: 0, locked: false, attemptsLeft: 3 });
    expect(state.attempts.map((x) => x.cycle)).toEqual([1, 1]);

    const progress = await myProgress(learner);
    const line = progress.exams.find((e) => e.examId === examId);
    if (line) expect(line).toMatchObject({ passed: false, attempts: 0, bestMark: null, status: 'NOT_TAKEN' });
    expect(progress.cycles).toEqual([
      expect.objectContaining({
        courseId,
        courseName: 'Working at height',
        cycle: 1,
        passedLessons: 2,
        lessonCount: 2,
        finishedAt: expect.any(String),
        exams: [expect.objectContaining({ examId, attempts: 2, bestMark: 100, passed: true })],
        certificate: expect.objectContaining({
          id: first.id,
          code: first.code,
          expiresAt: '2032-03-10T16:59:59.999Z',
          status: 'VALID',
        }),
      }),
    ]);
    expect((await myCertificates(learner)).map((c) => c.id)).toContain(first.id);

    const staff = await admin.get(`progress/users/${learner.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    const detail = staff.json() as TLearnerProgress;
    expect(detail.cycles.map((c) => [c.courseId, c.cycle, c.certificate?.code])).toEqual([
      [courseId, 1, first.code],
    ]);
  });

  it('passing again issues a new certificate with a new expiry, and its window opens the next cycle', async () => {
    at('2032-02-20T03:00:00Z');
    const result = await takeExam(learner.client, examId, 3);
    expect(result.passed).toBe(true);
    await study(learner, [nextLessonId]);
    const mine = (await myCertificates(learner)).filter((c) => c.courseId === courseId);
    expect(mine.map((c) => [c.cycle, c.expiresAt, c.status])).toEqual([
      [2, '2033-02-20T16:59:59.999Z', 'VALID'],
      [1, '2032-03-10T16:59:59.999Z', 'VALID'],
    ]);
    const state = (await learner.client.get(`exams/${examId}/state`)).json() as TExamState;
    expect(state.attempts.map((x) => [x.number, x.cycle])).toEqual([
      [3, 2],
      [2, 1],
      [1, 1],
    ]);
    expect(
      (await myAssignments(learner)).find((a) => a.recertification && a.courseId === courseId)?.state,
    ).toBe('DONE');

    // The first certificate expires on its own day; the second is still valid.
    at('2032-03-11T03:00:00Z');
    const [second] = mine;
    expect((await verify(first.code)).status).toBe('EXPIRED');
    expect((await verify(second?.code ?? '')).status).toBe('VALID');

    // 30 days before 20 February 2033: cycle 3, due on the new expiry day.
    at('2033-01-20T17:30:00Z');
    expect((await run()).opened).toBe(1);
    expect(
      (await myAssignments(learner)).find((a) => a.recertification && a.courseId === courseId),
    ).toMatchObject({ state: 'NOT_STARTED', dueOn: '2033-02-20' });
    const progress = await myProgress(learner);
    expect(progress.cycles.map((c) => c.cycle)).toEqual([2, 1]);
    expect(progress.cycles[0]?.exams).toEqual([expect.objectContaining({ attempts: 1, bestMark: 100 })]);
  });
});

describe('before the next pass', () => {
  it("a learner whose window has opened finds the course assigned again as they open 'Assigned to me'", async () => {
    at('2036-01-10T03:00:00Z');
    const learner = await makeUser(t.app, { place: org.branchA });
    const { course, lessonIds } = await certifiedCourse('Opened on reading', 6, 20);
    await study(learner, lessonIds);
    expect((await myAssignments(learner)).filter((a) => a.courseId === course.id)).toEqual([]);
    // 20 days before 10 July 2036.
    at('2036-06-19T17:30:00Z');
    expect((await myAssignments(learner)).filter((a) => a.courseId === course.id)).toEqual([
      expect.objectContaining({ recertification: true, dueOn: '2036-07-10', state: 'NOT_STARTED' }),
    ]);
    expect((await run()).opened).toBe(0);
  });
});

describe('ending a cycle', () => {
  it('happens once when two processes end the same cycle at the same moment', async () => {
    at('2035-01-10T03:00:00Z');
    const learner = await makeUser(t.app, { place: org.branchA });
    const { course, lessonIds } = await certifiedCourse('Ended once', '');
    await study(learner, lessonIds);
    const end = { userId: learner.id, courseId: course.id, cycle: 1 };
    const runs = await Promise.all([1, 2, 3].map(() => endCycles(t.database.db, [end], clockNow())));
    expect(runs.flat()).toEqual([{ ...end, cycle: 2 }]);
    // Cycle 1 is over: ending it again does nothing; cycle 2 is the one to end next.
    expect(await endCycles(t.database.db, [end], clockNow())).toEqual([]);
    const archived = await t.database.db
      .select({ cycle: lessonProgressHistory.cycle })
      .from(lessonProgressHistory)
      .where(eq(lessonProgressHistory.userId, learner.id));
    expect(archived).toEqual([{ cycle: 1 }, { cycle: 1 }]);
  });
});

describe('no new cycle', () => {
  it('for a certificate that never expires, of a stopped person, or of a course that no longer asks for it', async () => {
    at('2034-01-10T03:00:00Z');
    const stopped = await makeUser(t.app, { place: org.branchA });
    const holder = await makeUser(t.app, { place: org.branchA });
    const forever = await certifiedCourse('No expiry', '');
    const expiring = await certifiedCourse('Expiring', 3, 10);
    const dropped = await certifiedCourse('Dropped validity', 3, 10);
    for (const person of [stopped, holder]) {
      await study(person, forever.lessonIds);
      await study(person, expiring.lessonIds);
    }
    await study(holder, dropped.lessonIds);
    const res = await admin.put(
      `courses/${dropped.course.id}`,
      formData({ name: 'Dropped validity', serviceId: '1', ordered: 'true', ...validity('') }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.update(users).set({ access: 'STOPPED' }).where(eq(users.id, stopped.id));

    at('2034-06-01T03:00:00Z');
    expect((await run()).opened).toBe(1);
    expect((await myAssignments(holder)).filter((a) => a.recertification).map((a) => a.courseId)).toEqual([
      expiring.course.id,
    ]);
    // The dropped course's certificate still expires as it was issued.
    const held = await myCertificates(holder);
    expect(held.find((c) => c.courseId === dropped.course.id)?.status).toBe('EXPIRED');
  });
});
