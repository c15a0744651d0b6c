import type { AnswerReview, TCheckAnswers, TExamAuthoring } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { EXAM_CLOSER } from './job';
import {
  answersFor,
  type ExamFixture,
  learnerPool,
  mixedAnswers,
  questionsOf,
  SECRET_BLANKS,
  setupExam,
  start,
  submit,
} from './testing';

/**
 * Answer review (decision 89): the review of an attempt carries the correct answers only when the
 * exam's author allowed it, and never while the attempt runs — the API does not send them
 * otherwise.
 */

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

async function examWith(answerReview: AnswerReview): Promise<ExamFixture> {
  const fixture = await setupExam(staff);
  const res = await staff.put(`exams/${fixture.examId}/settings`, {
    examTimeLimitMinutes: 10,
    requiredCorrectAnswers: 2,
    maxFailedAttempts: 3,
    answerReview,
  });
  expect(res.statusCode, res.body).toBe(200);
  return fixture;
}

async function review(learner: ApiClient, attemptId: number) {
  return learner.post('user-answers/check-answers', { attempt_id: attemptId });
}

/** True when the body carries any of the exam's correct answers. */
function carriesKey(body: string): boolean {
  return /"correct"\s*:/.test(body) || SECRET_BLANKS.some((secret) => body.includes(secret));
}

describe('answer review', () => {
  it('is off by default: the author sees NEVER and the review has no correct answers', async () => {
    const fixture = await setupExam(staff);
    const authoring = (await staff.get(`exams/${fixture.examId}/authoring`)).json() as TExamAuthoring;
    expect(authoring.settings.answerReview).toBe('NEVER');
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    await submit(learner, attempt.id, mixedAnswers(questions, 1));
    const res = await review(learner, attempt.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TCheckAnswers;
    expect(body).toMatchObject({ answerReview: 'NEVER', correctAnswersShown: false });
    expect(body.outcomes).toHaveLength(3);
    expect(carriesKey(res.body)).toBe(false);
  });

  it('after each attempt: never while the attempt runs, then the correct answers of every question', async () => {
    const fixture = await examWith('AFTER_EACH_ATTEMPT');
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const running = await review(learner, attempt.id);
    expect(running.statusCode).toBe(409);
    expect(carriesKey(running.body)).toBe(false);
    const state = await learner.get(`exams/${fixture.examId}/state`);
    expect(state.json()).toMatchObject({ answerReview: 'AFTER_EACH_ATTEMPT' });
    expect(carriesKey(state.body)).toBe(false);
    const questions = await questionsOf(learner, fixture.examId);
    const result = await submit(learner, attempt.id, answersFor(questions, 'wrong'));
    expect(result.passed).toBe(false);
    expect(carriesKey(JSON.stringify(result))).toBe(false);

    const res = await review(learner, attempt.id);
    const body = res.json() as TCheckAnswers;
    expect(body).toMatchObject({ answerReview: 'AFTER_EACH_ATTEMPT', correctAnswersShown: true });
    const byType = new Map(body.outcomes.map((o) => [o.type, o]));
    const single = byType.get('SINGLE_CHOICE');
    const blue = single?.options.find((o) => o.text === 'Blue');
    expect(single).toMatchObject({ outcome: 'WRONG', correct: { optionIds: [blue?.id], blanks: [] } });
    const multiple = byType.get('MULTIPLE_CHOICE');
    const evens = multiple?.options.filter((o) => o.text === 'Two' || o.text === 'Four').map((o) => o.id);
    expect(multiple?.correct?.optionIds.sort()).toEqual(evens?.sort());
    expect(byType.get('FILL_BLANKS')).toMatchObject({
      parts: ['The island is ', ' and the mountain is ', '.'],
      correct: { optionIds: [], blanks: [['Zanzibar'], ['Kilimanjaro', 'Kili']] },
    });
  });

  it('once passed: not after a failed attempt, then for every attempt once the learner has passed', async () => {
    const fixture = await examWith('AFTER_PASSED');
    const learner = await freshLearner();
    const failed = await start(learner, fixture.examId);
    await submit(learner, failed.id, answersFor(await questionsOf(learner, fixture.examId), 'wrong'));
    const before = await review(learner, failed.id);
    expect(before.json()).toMatchObject({ answerReview: 'AFTER_PASSED', correctAnswersShown: false });
    expect(carriesKey(before.body)).toBe(false);

    const passed = await start(learner, fixture.examId);
    await submit(learner, passed.id, answersFor(await questionsOf(learner, fixture.examId), 'right'));
    for (const attemptId of [passed.id, failed.id]) {
      const after = await review(learner, attemptId);
      expect(after.json()).toMatchObject({ correctAnswersShown: true });
      expect(carriesKey(after.body)).toBe(true);
    }
  });

  it("never shows one learner's review to another", async () => {
    const fixture = await examWith('AFTER_EACH_ATTEMPT');
    const owner = await freshLearner();
    const stranger = await freshLearner();
    const attempt = await start(owner, fixture.examId);
    await submit(owner, attempt.id, []);
    const res = await review(stranger, attempt.id);
    expect(res.statusCode).toBe(404);
    expect(carriesKey(res.body)).toBe(false);
  });

  it('refuses an unknown review setting', async () => {
    const fixture = await setupExam(staff);
    const res = await staff.put(`exams/${fixture.examId}/settings`, {
      examTimeLimitMinutes: 10,
      requiredCorrectAnswers: 2,
      answerReview: 'ALWAYS',
    });
    expect(res.statusCode).toBe(400);
    const authoring = (await staff.get(`exams/${fixture.examId}/authoring`)).json() as TExamAuthoring;
    expect(authoring.settings.answerReview).toBe('NEVER');
  });
});
