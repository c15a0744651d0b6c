import type {
  TAnswer,
  TAuthorQuestion,
  TExamResult,
  TLearnerQuestion,
  TOpenAttempt,
  TQuestionInput,
} from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { buildCourse } from '../../../test/courses';
import { clientAs } from '../../../test/tokens';

/** Test helpers of the exams module (used by its test files only). */

/** Answers no learner could guess, so a test can look for them in every response. */
export const SECRET_BLANKS = ['Zanzibar', 'Kilimanjaro'];

export const QUESTIONS: TQuestionInput[] = [
  {
    type: 'SINGLE_CHOICE',
    content: 'Which colour is the sky on a clear day?',
    taskDescription: 'Choose one.',
    options: [
      { text: 'Blue', correct: true },
      { text: 'Green', correct: false },
      { text: 'Red', correct: false },
    ],
  },
  {
    type: 'MULTIPLE_CHOICE',
    content: 'Which of these are even numbers?',
    options: [
      { text: 'Two', correct: true },
      { text: 'Three', correct: false },
      { text: 'Four', correct: true },
    ],
  },
  {
    type: 'FILL_BLANKS',
    content: 'The island is ___ and the mountain is ___.',
    taskGuide: 'One word per blank.',
    displaySeconds: 45,
    blanks: [{ answers: [SECRET_BLANKS[0] as string] }, { answers: [SECRET_BLANKS[1] as string, 'Kili'] }],
  },
];

const RIGHT_TEXTS = new Set(['Blue', 'Two', 'Four']);

/** Answers for the learner's view of QUESTIONS: all right, or all wrong (nothing secret typed). */
export function answersFor(questions: TLearnerQuestion[], mode: 'right' | 'wrong'): TAnswer[] {
  return questions.map((q) => {
    if (q.type === 'FILL_BLANKS') {
      return {
        questionId: q.id,
        blanks: mode === 'right' ? [...SECRET_BLANKS] : Array.from({ length: q.blankCount }, () => 'nope'),
      };
    }
    const right = q.options.filter((o) => RIGHT_TEXTS.has(o.text)).map((o) => o.id);
    const wrong = q.options.filter((o) => !RIGHT_TEXTS.has(o.text)).map((o) => o.id);
    return { questionId: q.id, optionIds: mode === 'right' ? right : wrong.slice(0, 1) };
  });
}

/** Right answers to the first `right` questions, wrong ones to the rest. */
export function mixedAnswers(questions: TLearnerQuestion[], right: number): TAnswer[] {
  const good = answersFor(questions, 'right');
  const bad = answersFor(questions, 'wrong');
  return questions.map((_, i) => (i < right ? good[i] : bad[i]) as TAnswer);
}

export type ExamFixture = {
  courseId: number;
  topicId: number;
  /** The lesson with the exam (its id is the exam id). */
  examId: number;
  /** The lesson after it, locked until the exam is passed. */
  nextLessonId: number;
  questions: TAuthorQuestion[];
};

/**
 * A course of one topic with two lessons without minimum study time; the first has an exam of
 * `questions` with these settings.
 */
export async function setupExam(
  author: ApiClient,
  options: {
    questions?: TQuestionInput[];
    timeLimitMinutes?: number;
    required?: number;
    maxFailed?: number;
  } = {},
): Promise<ExamFixture> {
  const { course, topics } = await buildCourse(author, [[0, 0]]);
  const topic = topics[0];
  const [first, second] = topic?.lessons ?? [];
  if (!topic || !first || !second) throw new Error('course fixture is incomplete');
  const questions: TAuthorQuestion[] = [];
  for (const q of options.questions ?? QUESTIONS) {
    const res = await author.post(`exams/${first.id}/questions`, q);
    expect(res.statusCode, res.body).toBe(201);
    questions.push(res.json());
  }
  const settings = await author.put(`exams/${first.id}/settings`, {
    examTimeLimitMinutes: options.timeLimitMinutes ?? 10,
    requiredCorrectAnswers: options.required ?? 2,
    maxFailedAttempts: options.maxFailed ?? 3,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  return {
    courseId: course.id,
    topicId: topic.topic.id,
    examId: first.id,
    nextLessonId: second.id,
    questions,
  };
}

/** Demo employees E1001… that hold a role (E1001, E1009, E1017, E1025) are skipped. */
const ROLE_HOLDERS = new Set([1, 9, 17, 25]);
/** The generated demo employees with access (the last three are stopped). */
const LAST_ALLOWED = 29;

export function learnerPool(app: FastifyInstance) {
  let next = 2;
  return async function freshLearner(): Promise<ApiClient> {
    while (ROLE_HOLDERS.has(next)) next += 1;
    if (next > LAST_ALLOWED) throw new Error('out of demo learners');
    const code = `E${1000 + next}`;
    next += 1;
    return clientAs(app, code);
  };
}

/** The Training coordinator demo role (E1009): course authoring without delete, and PROGRESS_MANAGEMENT. */
export function coordinator(app: FastifyInstance): Promise<ApiClient> {
  return clientAs(app, 'E1009');
}

/** Fakes only Date (the server's clock), starting now; `advance` moves it forward. */
export function serverClock() {
  const start = Date.now();
  let offset = 0;
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  return {
    advance(seconds: number) {
      offset += seconds * 1000;
      vi.setSystemTime(start + offset);
    },
  };
}

export async function start(learner: ApiClient, examId: number): Promise<TOpenAttempt> {
  const res = await learner.post(`exams/${examId}/start`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function questionsOf(learner: ApiClient, examId: number): Promise<TLearnerQuestion[]> {
  const res = await learner.get(`questions/exams?exam_id=${examId}&page=0&size=999999999`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function submit(
  learner: ApiClient,
  attemptId: number,
  answers: TAnswer[],
  reason?: string,
): Promise<TExamResult> {
  const res = await learner.post('exams/process', { attemptId, answers, ...(reason ? { reason } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Starts an attempt and submits it with `right` right answers. */
export async function takeExam(learner: ApiClient, examId: number, right: number): Promise<TExamResult> {
  const attempt = await start(learner, examId);
  const questions = await questionsOf(learner, examId);
  return submit(learner, attempt.id, mixedAnswers(questions, right));
}
