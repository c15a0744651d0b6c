import {
  EXAM_MESSAGES,
  type TAttemptFlags,
  type TExamAccommodation,
  type TExamState,
  type TMyProgress,
  type TStaffAttempt,
} from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import type { AppEvents } from '../../events';
import { Events } from '../../platform/events';
import { setAccommodation } from './accommodations';
import { closeExpiredAttempts } from './attempts';
import { EXAM_CLOSER } from './job';
import {
  answersFor,
  learnerPool,
  questionsOf,
  serverClock,
  setupExam,
  start,
  submit,
  takeExam,
} from './testing';

/**
 * Issue 22, point 1: an expired attempt (decision 87), per-learner accommodations (decision 88),
 * a window blur against a hidden tab (decision 90), and "My exam results" while an attempt runs.
 */

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let freshLearner: () => Promise<ApiClient>;
/** The exams module's lock events, handled here to see them (the functions are called directly). */
const published: { name: keyof AppEvents; payload: unknown }[] = [];
const events = new Events<AppEvents>();
for (const name of ['examLocked', 'examUnlocked'] as const) {
  events.on(name, async (_db, payload) => {
    published.push({ name, payload });
  });
}

beforeAll(async () => {
  EXAM_CLOSER.everyMs = 0;
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  freshLearner = learnerPool(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function userIdOf(client: ApiClient): Promise<number> {
  return ((await client.get('users/info')).json() as { id: number }).id;
}

async function stateOf(learner: ApiClient, examId: number): Promise<TExamState> {
  const res = await learner.get(`exams/${examId}/state`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('an attempt whose time runs out (decision 87)', () => {
  it('closes as EXPIRED and not passed when the countdown reaches 0:00, even with every answer right, and uses up an attempt', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1 });
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    clock.advance(60);
    const result = await submit(learner, attempt.id, answersFor(questions, 'right'), 'TIME_UP');
    expect(result).toMatchObject({
      status: 'EXPIRED',
      result: 'FAILED',
      passed: false,
      mark: 100,
      correctCount: 3,
      attemptsLeft: 2,
      cheating: false,
      lessonPassed: false,
      nextLessonId: null,
    });
    const state = await stateOf(learner, fixture.examId);
    expect(state).toMatchObject({ failedAttempts: 1, attemptsLeft: 2, passed: false, openAttempt: null });
    expect(state.attempts[0]).toMatchObject({ id: attempt.id, status: 'EXPIRED', result: 'FAILED' });
    // The stored result after a reload says the same.
    const reloaded = await learner.get(`exams/attempts/${attempt.id}/result`);
    expect(reloaded.json()).toMatchObject({ status: 'EXPIRED', passed: false });
  });

  it('locks the exam when a failure that ran out of time reaches the limit', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1, maxFailed: 2 });
    const learner = await freshLearner();
    await takeExam(learner, fixture.examId, 0);
    const attempt = await start(learner, fixture.examId);
    clock.advance(60);
    const result = await submit(learner, attempt.id, [], 'TIME_UP');
    expect(result).toMatchObject({ status: 'EXPIRED', locked: true, attemptsLeft: 0 });
    const again = await learner.post(`exams/${fixture.examId}/start`);
    expect(again.json()).toMatchObject({ status: 403, message: EXAM_MESSAGES.locked });
  });

  it('publishes examLocked once when the closing job closes the attempt that reaches the limit', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1, maxFailed: 1 });
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    await start(learner, fixture.examId);
    clock.advance(71);
    published.length = 0;
    expect(await closeExpiredAttempts(t.database.db, events, new Date())).toBe(1);
    expect(await closeExpiredAttempts(t.database.db, events, new Date())).toBe(0);
    expect(published).toEqual([
      { name: 'examLocked', payload: { userId: learnerId, examId: fixture.examId, at: expect.any(Date) } },
    ]);
    expect(await stateOf(learner, fixture.examId)).toMatchObject({ locked: true, failedAttempts: 1 });
  });
});

/** The transcript workbook's exam lines as the learner downloads them: [result, best mark cell]. */
async function transcriptExams(learner: ApiClient): Promise<[unknown, unknown, string | undefined][]> {
  const res = await learner.get('my-transcript?format=xlsx');
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Exams');
  const lines: [unknown, unknown, string | undefined][] = [];
  sheet?.eachRow((row, n) => {
    if (n > 1) lines.push([row.getCell(5).value, row.getCell(4).value, row.getCell(4).numFmt]);
  });
  return lines;
}

describe('"My exam results"', () => {
  it('writes a running attempt as "In progress" in the transcript, then the result with its mark in %', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    // One vocabulary (decision 95): the running attempt has no mark and is not a failure.
    expect(await transcriptExams(learner)).toEqual([['In progress', null, '0%']]);
    await submit(learner, attempt.id, [], 'SUBMIT');
    expect(await transcriptExams(learner)).toEqual([['Failed', 0, '0%']]);
  });

  it('shows a running attempt as in progress, not failed, then the finished result', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const mine = (await learner.get('my-progress')).json() as TMyProgress;
    const line = mine.exams.find((e) => e.examId === fixture.examId);
    expect(line).toMatchObject({
      status: 'IN_PROGRESS',
      inProgress: true,
      passed: false,
      bestMark: null,
      lastResult: null,
      lastAttemptAt: attempt.startedAt,
    });
    await submit(learner, attempt.id, [], 'SUBMIT');
    const after = (await learner.get('my-progress')).json() as TMyProgress;
    expect(after.exams.find((e) => e.examId === fixture.examId)).toMatchObject({
      status: 'FAILED',
      inProgress: false,
      bestMark: 0,
    });
  });
});

describe('a window blur against a hidden tab (decision 90)', () => {
  it('counts a blur on the running attempt without submitting it, and shows it to the reviewer', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    const attempt = await start(learner, fixture.examId);
    for (let i = 0; i < 2; i++) {
      const blur = await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'WINDOW_BLUR' });
      expect(blur.statusCode, blur.body).toBe(200);
    }
    const flags: TAttemptFlags = (
      await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'WINDOW_BLUR' })
    ).json();
    expect(flags).toEqual({ tabLeaves: 0, printScreens: 0, copies: 0, contextMenus: 0, blurs: 3 });
    const state = await stateOf(learner, fixture.examId);
    expect(state.openAttempt?.id).toBe(attempt.id);
    const questions = await questionsOf(learner, fixture.examId);
    const result = await submit(learner, attempt.id, answersFor(questions, 'right'));
    expect(result).toMatchObject({
      status: 'SUBMITTED',
      passed: true,
      cheating: false,
      cheatingWarning: null,
    });
    const rows = (await admin.get(`exam-attempts?userId=${learnerId}`)).json() as TStaffAttempt[];
    expect(rows[0]).toMatchObject({ cheating: false, cheatReason: null });
    expect(rows[0]?.flags.blurs).toBe(3);
  });

  it('submits and flags the attempt when the tab is hidden (TAB_LEFT), counting the leave', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    const attempt = await start(learner, fixture.examId);
    await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'WINDOW_BLUR' });
    const result = await submit(learner, attempt.id, [], 'TAB_LEFT');
    expect(result).toMatchObject({ status: 'SUBMITTED', cheating: true, passed: false });
    expect(result.cheatingWarning).toBe(EXAM_MESSAGES.cheatingWarning);
    const rows = (await admin.get(`exam-attempts?userId=${learnerId}`)).json() as TStaffAttempt[];
    expect(rows[0]).toMatchObject({ cheatReason: 'TAB_LEFT' });
    expect(rows[0]?.flags).toMatchObject({ tabLeaves: 1, blurs: 1 });
    // A closed attempt takes no more events.
    const late = await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'WINDOW_BLUR' });
    expect(late.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.attemptClosed });
  });
});

describe('accommodations (decision 88)', () => {
  it('gives one learner extra time: their deadline and the state say so, other learners keep the limit', async () => {
    const fixture = await setupExam(staff, { timeLimitMinutes: 10 });
    const learner = await freshLearner();
    const other = await freshLearner();
    const learnerId = await userIdOf(learner);
    const res = await admin.put(`exams/${fixture.examId}/accommodations`, {
      userId: learnerId,
      extraTimePercent: 50,
      extraAttempts: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      examId: fixture.examId,
      userId: learnerId,
      extraTimePercent: 50,
      extraAttempts: 0,
      lessonName: 'Lesson 1.1',
    });
    expect(await stateOf(learner, fixture.examId)).toMatchObject({
      allowedSeconds: 900,
      accommodation: { extraTimePercent: 50, extraAttempts: 0 },
    });
    expect(await stateOf(other, fixture.examId)).toMatchObject({ allowedSeconds: 600, accommodation: null });
    const mine = await start(learner, fixture.examId);
    const theirs = await start(other, fixture.examId);
    expect(Date.parse(mine.deadlineAt) - Date.parse(mine.startedAt)).toBe(900_000);
    expect(Date.parse(theirs.deadlineAt) - Date.parse(theirs.startedAt)).toBe(600_000);
  });

  it('takes answers in the extra time: the server enforces the longer deadline', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1 });
    const learner = await freshLearner();
    await admin.put(`exams/${fixture.examId}/accommodations`, {
      userId: await userIdOf(learner),
      extraTimePercent: 100,
      extraAttempts: 0,
    });
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    clock.advance(110); // past the exam's minute (and its grace), within the learner's two
    const result = await submit(learner, attempt.id, answersFor(questions, 'right'));
    expect(result).toMatchObject({ status: 'SUBMITTED', passed: true });
  });

  it('gives extra attempts: the lock comes later, and a locked learner back under the limit is unlocked', async () => {
    const fixture = await setupExam(staff, { maxFailed: 2 });
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    await takeExam(learner, fixture.examId, 0);
    expect(await takeExam(learner, fixture.examId, 0)).toMatchObject({ locked: true });
    published.length = 0;
    const adminId = await userIdOf(admin);
    const input = { userId: learnerId, extraTimePercent: 0, extraAttempts: 1 };
    const saved = await setAccommodation(t.database.db, events, adminId, fixture.examId, input, new Date());
    expect(saved).toMatchObject({ extraAttempts: 1 });
    expect(published).toEqual([
      {
        name: 'examUnlocked',
        payload: { userId: learnerId, examId: fixture.examId, at: expect.any(Date), by: adminId },
      },
    ]);
    expect(await stateOf(learner, fixture.examId)).toMatchObject({
      locked: false,
      maxFailedAttempts: 3,
      attemptsLeft: 1,
      lastAttemptWarning: true,
    });
    expect(await takeExam(learner, fixture.examId, 0)).toMatchObject({
      number: 3,
      locked: true,
      attemptsLeft: 0,
    });
  });

  it('is listed for staff, with names, and removed', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    await admin.put(`exams/${fixture.examId}/accommodations`, {
      userId: learnerId,
      extraTimePercent: 25,
      extraAttempts: 2,
    });
    const list = await admin.get(`exam-accommodations?examId=${fixture.examId}`);
    expect(list.headers['x-total-count']).toBe('1');
    expect((list.json() as TExamAccommodation[])[0]).toMatchObject({
      userId: learnerId,
      employeeCode: expect.stringMatching(/^E10/),
      extraTimePercent: 25,
      extraAttempts: 2,
    });
    const removed = await admin.delete(`exams/${fixture.examId}/accommodations/${learnerId}`);
    expect(removed.statusCode).toBe(204);
    expect((await admin.get(`exam-accommodations?examId=${fixture.examId}`)).headers['x-total-count']).toBe(
      '0',
    );
    expect(await stateOf(learner, fixture.examId)).toMatchObject({ accommodation: null, attemptsLeft: 3 });
    const twice = await admin.delete(`exams/${fixture.examId}/accommodations/${learnerId}`);
    expect(twice.json()).toMatchObject({ status: 404, message: EXAM_MESSAGES.noAccommodation });
  });

  it('is refused without PROGRESS_MANAGEMENT, outside the scope, with bad numbers, and for no exam', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    const body = { userId: learnerId, extraTimePercent: 50, extraAttempts: 1 };
    const denied = await learner.put(`exams/${fixture.examId}/accommodations`, body);
    expect(denied.json()).toMatchObject({
      status: 403,
      message: 'You do not have permission to give exam accommodations',
    });
    const { serviceId } = (await admin.get(`users/${learnerId}`)).json() as { serviceId: number };
    const elsewhere = (
      await makeUser(t.app, {
        permissions: ['PROGRESS_MANAGEMENT'],
        authorizationScope: { serviceId: serviceId === 1 ? 2 : 1 },
      })
    ).client;
    const outside = await elsewhere.put(`exams/${fixture.examId}/accommodations`, body);
    expect(outside.json()).toMatchObject({ status: 404 });
    const tooMuch = await admin.put(`exams/${fixture.examId}/accommodations`, {
      ...body,
      extraTimePercent: 301,
      extraAttempts: -1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect((tooMuch.json().fieldErrors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'extraAttempts',
      'extraTimePercent',
    ]);
    const noExam = await admin.put('exams/999999/accommodations', body);
    expect(noExam.json()).toMatchObject({ status: 404, message: EXAM_MESSAGES.noExam });
    expect((await admin.get(`exam-accommodations?userId=${learnerId}`)).headers['x-total-count']).toBe('0');
  });
});
