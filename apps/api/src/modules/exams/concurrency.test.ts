import type { TExamResult, TOpenAttempt } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { lessons } from '../courses/tables';
import { lessonProgress } from '../study/tables';
import { EXAM_CLOSER } from './job';
import { examAttempts, examQuestions, examStandings } from './tables';
import {
  answersFor,
  learnerPool,
  mixedAnswers,
  QUESTIONS,
  questionsOf,
  setupExam,
  start,
  takeExam,
} from './testing';

/**
 * Double clicks, two tabs and replayed requests: 20 requests at once. On PostgreSQL
 * (TEST_DATABASE_URL) they really run in parallel on a pool of connections; on PGlite they are
 * interleaved on one connection. Either way the database decides: row locks on the standing and
 * the attempt, and unique indexes on attempt numbers and on the running attempt.
 */

const PARALLEL = 20;

let t: TestApp;
let staff: ApiClient;
let freshLearner: () => Promise<ApiClient>;

beforeAll(async () => {
  EXAM_CLOSER.everyMs = 0;
  t = await createTestApp();
  const admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  freshLearner = learnerPool(t.app);
});
afterAll(() => t.close());

async function userIdOf(client: ApiClient): Promise<number> {
  return ((await client.get('users/info')).json() as { id: number }).id;
}

async function attemptsIn(userId: number, examId: number) {
  return t.database.db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), eq(examAttempts.examId, examId)));
}

async function standingOf(userId: number, examId: number) {
  const [row] = await t.database.db
    .select()
    .from(examStandings)
    .where(and(eq(examStandings.userId, userId), eq(examStandings.examId, examId)));
  return row;
}

describe(`parallel requests (${TEST_ENGINE})`, () => {
  it(`grades an attempt once when it is submitted ${PARALLEL} times at once`, async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const userId = await userIdOf(learner);
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    // Half the "tabs" send failing answers, half passing ones: whichever lands first counts.
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        learner.post('exams/process', {
          attemptId: attempt.id,
          answers: i % 2 === 0 ? mixedAnswers(questions, 0) : answersFor(questions, 'right'),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const results = responses.map((r) => r.json() as TExamResult);
    const first = results[0] as TExamResult;
    for (const r of results) {
      expect(r).toMatchObject({
        id: attempt.id,
        mark: first.mark,
        passed: first.passed,
        endedAt: first.endedAt,
      });
    }
    const rows = await attemptsIn(userId, fixture.examId);
    expect(rows).toHaveLength(1);
    const standing = await standingOf(userId, fixture.examId);
    expect(standing?.attempts).toBe(1);
    expect(standing?.failedAttempts).toBe(first.passed ? 0 : 1);
    const [progress] = await t.database.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, fixture.examId)));
    expect(progress?.examPassed).toBe(first.passed);
  });

  it(`runs one attempt when it is started ${PARALLEL} times at once`, async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const userId = await userIdOf(learner);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => learner.post(`exams/${fixture.examId}/start`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const ids = new Set(responses.map((r) => (r.json() as TOpenAttempt).id));
    expect(ids.size).toBe(1);
    expect(await attemptsIn(userId, fixture.examId)).toHaveLength(1);
    expect((await standingOf(userId, fixture.examId))?.attempts).toBe(1);
  });

  it(`never lets ${PARALLEL} parallel starts and submits go past the attempt limit`, async () => {
    const fixture = await setupExam(staff, { maxFailed: 3 });
    const learner = await freshLearner();
    const userId = await userIdOf(learner);
    await takeExam(learner, fixture.examId, 0);
    await takeExam(learner, fixture.examId, 0);
    // The last allowed attempt, started from 20 tabs, failed from 20 tabs.
    const starts = await Promise.all(
      Array.from({ length: PARALLEL }, () => learner.post(`exams/${fixture.examId}/start`)),
    );
    expect(new Set(starts.map((r) => (r.json() as TOpenAttempt).id)).size).toBe(1);
    const last = starts[0]?.json() as TOpenAttempt;
    const questions = await questionsOf(learner, fixture.examId);
    const submits = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        learner.post('exams/process', { attemptId: last.id, answers: mixedAnswers(questions, 0) }),
      ),
    );
    expect(submits.every((r) => (r.json() as TExamResult).locked)).toBe(true);
    const blocked = await Promise.all(
      Array.from({ length: PARALLEL }, () => learner.post(`exams/${fixture.examId}/start`)),
    );
    expect(blocked.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(403));
    const rows = await attemptsIn(userId, fixture.examId);
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2, 3]);
    expect(rows.every((r) => r.status === 'SUBMITTED' && r.result === 'FAILED')).toBe(true);
    expect(await standingOf(userId, fixture.examId)).toMatchObject({ attempts: 3, failedAttempts: 3 });
  });

  it('keeps the attempt consistent when autosaves race a submission', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    const right = answersFor(questions, 'right');
    const calls = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        learner.put(`exams/attempts/${attempt.id}/answers`, { answers: right }),
      ),
      learner.post('exams/process', { attemptId: attempt.id, answers: right }),
      ...Array.from({ length: 9 }, () =>
        learner.put(`exams/attempts/${attempt.id}/answers`, { answers: [] }),
      ),
    ]);
    // Saves before the submission land; saves after it are refused, never applied.
    for (const res of calls) expect([200, 409]).toContain(res.statusCode);
    const [row] = await t.database.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'SUBMITTED', result: 'PASSED', correctCount: 3 });
    expect(row?.answers).toHaveLength(3);
  });

  it('never leaves fewer questions than required when deletes race a raised required number', async () => {
    const fixture = await setupExam(staff, { questions: [...QUESTIONS, ...QUESTIONS], required: 2 });
    const form = (required: number) => ({
      name: 'Lesson 1.1',
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
      minStudyMinutes: 0,
      requiredCorrectAnswers: required,
      examTimeLimitMinutes: 10,
    });
    const responses = await Promise.all([
      ...fixture.questions.slice(1).map((q) => staff.delete(`exam-questions/${q.id}`)),
      staff.put(`lessons/${fixture.examId}`, form(4)),
      staff.put(`exams/${fixture.examId}/settings`, { ...form(5), maxFailedAttempts: 3 }),
    ]);
    for (const r of responses) expect([200, 204, 400, 409], r.body).toContain(r.statusCode);
    const [lesson] = await t.database.db
      .select({ required: lessons.requiredCorrectAnswers, count: lessons.examQuestionCount })
      .from(lessons)
      .where(eq(lessons.id, fixture.examId));
    const remaining = await t.database.db
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(eq(examQuestions.examId, fixture.examId));
    expect(lesson?.count).toBe(remaining.length);
    expect(remaining.length).toBeGreaterThan(0);
    expect(lesson?.required).toBeLessThanOrEqual(remaining.length);
  });
});
