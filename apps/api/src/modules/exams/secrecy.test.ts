import type { TExamResult, TLearnerQuestion, TOpenAttempt } from '@academy/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { formData } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { EXAM_CLOSER } from './job';
import { answersFor, type ExamFixture, learnerPool, SECRET_BLANKS, setupExam } from './testing';

/**
 * Exam secrecy: walks every response a learner gets during the exam flow (and the study pages
 * around it) and fails on anything that is, or could carry, an answer key.
 */

const FORBIDDEN_KEY = /correct|answer.?key|solution|accepted|is.?right|right.?answer/i;
/** correctAnswersShown says whether a review carries them (false here: answer review is off by default). */
const ALLOWED_KEYS = new Set(['correctCount', 'requiredCorrectAnswers', 'correctAnswersShown']);

/** Where in a JSON value something could give an answer away. */
export function findLeaks(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findLeaks(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const leaks: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (FORBIDDEN_KEY.test(key) && !ALLOWED_KEYS.has(key)) leaks.push(`${at}: answer-key field`);
    // Learners' blanks are the strings they typed; objects there would be the accepted answers.
    if (key === 'blanks' && Array.isArray(child) && child.some((b) => typeof b !== 'string')) {
      leaks.push(`${at}: per-blank answers`);
    }
    if (key === 'options' && Array.isArray(child)) {
      child.forEach((option, i) => {
        const keys = Object.keys(option ?? {}).sort();
        if (keys.join() !== 'id,text') leaks.push(`${at}[${i}]: option fields ${keys.join()}`);
      });
    }
    leaks.push(...findLeaks(child, at));
  }
  return leaks;
}

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

/** Records every response of one learner, with the call that produced it. */
function recorder(learner: ApiClient) {
  const seen: { call: string; status: number; body: string }[] = [];
  const keep = async (call: string, res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    seen.push({ call, status: r.statusCode, body: r.body });
    return r;
  };
  return {
    seen,
    get: (path: string) => keep(`GET ${path}`, learner.get(path)),
    post: (path: string, body?: object | FormData) => keep(`POST ${path}`, learner.post(path, body)),
    put: (path: string, body: object) => keep(`PUT ${path}`, learner.put(path, body)),
  };
}

function assertNoLeaks(seen: { call: string; status: number; body: string }[]): void {
  expect(seen.length).toBeGreaterThan(10);
  for (const { call, body } of seen) {
    for (const secret of SECRET_BLANKS) expect(body.toLowerCase(), call).not.toContain(secret.toLowerCase());
    const parsed = body ? (JSON.parse(body) as unknown) : null;
    expect(findLeaks(parsed), call).toEqual([]);
  }
}

describe('exam secrecy', () => {
  it('the walker finds the answer keys in what authors see', async () => {
    const fixture = await setupExam(staff);
    const authoring = (await staff.get(`exams/${fixture.examId}/authoring`)).json();
    const leaks = findLeaks(authoring);
    expect(leaks).toContain('$.questions[0].options[0].correct: answer-key field');
    expect(leaks).toContain('$.questions[2].blanks: per-blank answers');
    expect(JSON.stringify(authoring)).toContain(SECRET_BLANKS[0]);
  });

  it('no learner response of the exam flow carries an answer key, before or after submitting', async () => {
    const fixture: ExamFixture = await setupExam(staff, { required: 3 });
    const learner = recorder(await freshLearner());
    const { examId, courseId, topicId } = fixture;

    // Around the exam: the study pages.
    await learner.get(`courses/${courseId}`);
    await learner.get(`my-thematics?course_id=${courseId}`);
    await learner.get(`my-lessons?thematic_id=${topicId}`);
    await learner.get(`lessons/${examId}`);
    await learner.post(`user-lesson/update-status/${examId}`);
    await learner.get(`exams/${examId}/state`);
    await learner.get(`questions/exams?exam_id=${examId}&page=0&size=999999999`);
    await learner.get('my-progress');

    // First attempt: autosave wrong answers, events, resume, fail.
    const attempt = (await learner.post(`exams/${examId}/start`)).json() as TOpenAttempt;
    const questions = (
      await learner.get(`questions/exams?exam_id=${examId}&page=0&size=999999999`)
    ).json() as TLearnerQuestion[];
    await learner.get(`questions/exams?exam_id=${examId}&page=1&size=1`);
    const wrong = answersFor(questions, 'wrong');
    await learner.put(`exams/attempts/${attempt.id}/answers`, { answers: wrong });
    await learner.get(`exams/${examId}/state`);
    await learner.post(`exams/${examId}/start`);
    await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'COPY' });
    await learner.post(`exams/attempts/${attempt.id}/events`, formData({ kind: 'CONTEXT_MENU' }));
    const failed = (await learner.post('exams/process', { attemptId: attempt.id, answers: wrong })).json();
    expect((failed as TExamResult).passed).toBe(false);
    await learner.post('exams/process', { attemptId: attempt.id, answers: wrong });
    await learner.get(`exams/attempts/${attempt.id}/result`);
    await learner.post('user-answers/check-answers', { attempt_id: attempt.id });
    await learner.post('user-answers/check-answers', formData({ attempt_id: String(attempt.id) }));
    await learner.get(`exams/${examId}/state`);
    await learner.get(`my-lessons?thematic_id=${topicId}`);
    await learner.get('my-progress');

    // Second attempt: a cheating submission.
    const second = (await learner.post(`exams/${examId}/start`)).json() as TOpenAttempt;
    await learner.post('exams/process', { attemptId: second.id, answers: [], reason: 'TAB_LEFT' });
    await learner.post('user-answers/check-answers', { attempt_id: second.id });

    // The study pages after, and the course lists.
    await learner.get(`my-lessons?thematic_id=${topicId}`);
    await learner.get(`lessons/${examId}`);
    await learner.get('my-courses');
    await learner.get(`my-courses/course-percent/${courseId}`);
    await learner.get('my-courses/history');
    await learner.get('my-progress');

    expect(learner.seen.filter((s) => s.status >= 500)).toEqual([]);
    assertNoLeaks(learner.seen);
    expect(learner.seen.some((s) => s.call.startsWith('GET questions/exams') && s.status === 200)).toBe(true);
  });
});
