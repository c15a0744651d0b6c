import {
  EXAM_MESSAGES,
  MESSAGES,
  type TAuthorQuestion,
  type TCheckAnswers,
  type TExamAuthoring,
  type TExamStanding,
  type TExamState,
  type TLesson,
  type TMyAssignment,
  type TMyLesson,
  type TQuestionInput,
  type TStaffAttempt,
} from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { formData } from '../../../test/files';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import type { AppEvents } from '../../events';
import { Events } from '../../platform/events';
import { closeExpiredAttempts } from './attempts';
import { EXAM_CLOSER } from './job';
import {
  answersFor,
  coordinator,
  learnerPool,
  mixedAnswers,
  QUESTIONS,
  questionsOf,
  serverClock,
  setupExam,
  start,
  submit,
  takeExam,
} from './testing';

/** No module handles events in these direct calls. */
const noHandlers = new Events<AppEvents>();

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let freshLearner: () => Promise<ApiClient>;

beforeAll(async () => {
  EXAM_CLOSER.everyMs = 0; // the tests run the closing job by hand
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
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

async function authoring(examId: number): Promise<TExamAuthoring> {
  const res = await staff.get(`exams/${examId}/authoring`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(body).buffer as ArrayBuffer);
  return workbook;
}

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const HEADER = ['Type', 'Question', 'Correct', 'Task description', 'Task guide', 'Display time (seconds)'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('signing in and permissions', () => {
  it('answers 401 to every exam call without a token', async () => {
    for (const [method, path] of [
      ['GET', 'exams/1/state'],
      ['POST', 'exams/1/start'],
      ['GET', 'questions/exams?exam_id=1&page=0&size=999999999'],
      ['PUT', 'exams/attempts/1/answers'],
      ['POST', 'exams/process'],
      ['POST', 'user-answers/check-answers'],
      ['GET', 'exams/1/authoring'],
      ['POST', 'exams/1/unlock'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/services/core/api/${path}` });
      expect(res.statusCode, path).toBe(401);
    }
    expect((await anonymous.get('exam-attempts')).statusCode).toBe(401);
  });

  it('keeps authoring to course managers, with the action keys for changes', async () => {
    const denied = await student.post('exams/1/questions', QUESTIONS[0]);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to add exams');
    expect((await student.get('exams/1/authoring')).json().message).toBe(
      'You do not have permission to view exams',
    );
    const fixture = await setupExam(staff);
    const coord = await coordinator(t.app);
    const question = fixture.questions[0] as TAuthorQuestion;
    const remove = await coord.delete(`exam-questions/${question.id}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('You do not have permission to delete exams');
    expect((await coord.get(`exams/${fixture.examId}/authoring`)).statusCode).toBe(200);
  });
});

describe('authoring an exam', () => {
  it('adds questions of every type and keeps the count on the lesson', async () => {
    const fixture = await setupExam(staff);
    const exam = await authoring(fixture.examId);
    expect(exam.lesson).toMatchObject({ id: fixture.examId, name: 'Lesson 1.1', topicName: 'Topic 1' });
    expect(exam.settings).toEqual({
      examTimeLimitMinutes: 10,
      requiredCorrectAnswers: 2,
      maxFailedAttempts: 3,
      shuffleQuestions: false,
      shuffleOptions: false,
      answerReview: 'NEVER',
    });
    expect(exam.questions.map((q) => [q.position, q.type])).toEqual([
      [1, 'SINGLE_CHOICE'],
      [2, 'MULTIPLE_CHOICE'],
      [3, 'FILL_BLANKS'],
    ]);
    expect(exam.questions[2]).toMatchObject({
      blanks: [{ answers: ['Zanzibar'] }, { answers: ['Kilimanjaro', 'Kili'] }],
      taskGuide: 'One word per blank.',
      displaySeconds: 45,
    });
    const ids = exam.questions[0]?.options.map((o) => o.id) ?? [];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    const lesson = (await staff.get(`lessons/${fixture.examId}/edit`)).json() as TLesson;
    expect(lesson).toMatchObject({ examQuestionCount: 3, requiredCorrectAnswers: 2 });
    const learner = await freshLearner();
    const mine = (await learner.get(`my-lessons?thematic_id=${fixture.topicId}`)).json() as TMyLesson[];
    expect(mine.map((l) => l.hasExam)).toEqual([true, false]);
  });

  it('refuses questions that break the SPEC §5 rules, with their messages', async () => {
    const { examId } = await setupExam(staff, { questions: [] });
    const cases: [unknown, string, string][] = [
      [{ type: 'SINGLE_CHOICE', content: '', options: [] }, 'content', MESSAGES.required],
      [
        {
          type: 'MULTIPLE_CHOICE',
          content: 'Q',
          options: [
            { text: 'a', correct: false },
            { text: 'b', correct: false },
          ],
        },
        'options',
        EXAM_MESSAGES.needsCorrectAnswer,
      ],
      [{ type: 'FILL_BLANKS', content: 'no blank', blanks: [] }, 'content', EXAM_MESSAGES.needsBlank],
      [
        { type: 'FILL_BLANKS', content: 'a ___ b ___', blanks: [{ answers: ['x'] }] },
        'blanks',
        EXAM_MESSAGES.blanksMismatch,
      ],
      [
        { type: 'FILL_BLANKS', content: 'a ___', blanks: [{ answers: [] }] },
        'blanks.0.answers',
        EXAM_MESSAGES.needsCorrectAnswer,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.post(`exams/${examId}/questions`, body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toContainEqual({ field, message });
    }
    expect((await authoring(examId)).questions).toEqual([]);
  });

  it('edits, duplicates, reorders and deletes questions', async () => {
    const fixture = await setupExam(staff);
    const [single, multiple, blanks] = fixture.questions as [
      TAuthorQuestion,
      TAuthorQuestion,
      TAuthorQuestion,
    ];
    const edited = await staff.put(`exam-questions/${single.id}`, {
      type: 'SINGLE_CHOICE',
      content: 'Which colour is the sky at noon?',
      options: [
        { id: single.options[0]?.id, text: 'Blue', correct: true },
        { text: 'Orange', correct: false },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as TAuthorQuestion;
    expect(after.options[0]?.id).toBe(single.options[0]?.id);
    expect(after.options.map((o) => o.text)).toEqual(['Blue', 'Orange']);

    const copy = await staff.post(`exam-questions/${multiple.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const duplicate = copy.json() as TAuthorQuestion;
    expect(duplicate).toMatchObject({ position: multiple.position + 1, content: multiple.content });
    expect(duplicate.options.map((o) => o.id)).not.toEqual(multiple.options.map((o) => o.id));
    let exam = await authoring(fixture.examId);
    expect(exam.questions.map((q) => q.id)).toEqual([single.id, multiple.id, duplicate.id, blanks.id]);

    const order = [blanks.id, single.id, duplicate.id, multiple.id];
    const reordered = await staff.put(`exams/${fixture.examId}/questions/order`, { ids: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as TAuthorQuestion[]).map((q) => q.id)).toEqual(order);
    const partial = await staff.put(`exams/${fixture.examId}/questions/order`, { ids: [single.id] });
    expect(partial.json()).toMatchObject({ status: 400, message: MESSAGES.reorderMismatch });

    expect((await staff.delete(`exam-questions/${duplicate.id}`)).statusCode).toBe(204);
    exam = await authoring(fixture.examId);
    expect(exam.questions.map((q) => q.id)).toEqual([blanks.id, single.id, multiple.id]);
    expect(((await staff.get(`lessons/${fixture.examId}/edit`)).json() as TLesson).examQuestionCount).toBe(3);
    const gone = await staff.delete(`exam-questions/${duplicate.id}`);
    expect(gone.json()).toMatchObject({ status: 404, message: EXAM_MESSAGES.questionNotFound });
  });

  it('saves the settings on the lesson and the exam', async () => {
    const { examId } = await setupExam(staff);
    const res = await staff.put(`exams/${examId}/settings`, {
      examTimeLimitMinutes: 25,
      requiredCorrectAnswers: 3,
      maxFailedAttempts: 5,
      shuffleQuestions: true,
      shuffleOptions: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await authoring(examId)).settings).toEqual({
      examTimeLimitMinutes: 25,
      requiredCorrectAnswers: 3,
      maxFailedAttempts: 5,
      shuffleQuestions: true,
      shuffleOptions: true,
      answerReview: 'NEVER',
    });
    const bad = await staff.put(`exams/${examId}/settings`, {
      examTimeLimitMinutes: 0,
      requiredCorrectAnswers: 1,
    });
    expect(bad.json().fieldErrors).toContainEqual({
      field: 'examTimeLimitMinutes',
      message: MESSAGES.examTimeInvalid,
    });
    expect((await staff.get('exams/99999/authoring')).json()).toMatchObject({
      status: 404,
      message: MESSAGES.lessonNotFound,
    });
  });
});

describe('an exam never requires more correct answers than it has questions', () => {
  const settings = (required: number, examTimeLimitMinutes = 10) => ({
    examTimeLimitMinutes,
    requiredCorrectAnswers: required,
    maxFailedAttempts: 3,
  });
  const lessonForm = (required: number) => ({
    name: 'Lesson 1.1',
    videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    minStudyMinutes: 0,
    requiredCorrectAnswers: required,
    examTimeLimitMinutes: 10,
  });

  it('refuses exam settings that require more correct answers than questions, and writes nothing', async () => {
    const { examId } = await setupExam(staff, { required: 2 });
    const res = await staff.put(`exams/${examId}/settings`, { ...settings(4, 25), shuffleQuestions: true });
    expect(res.json()).toMatchObject({ status: 400, message: EXAM_MESSAGES.requiredAboveQuestions });
    expect(res.json().fieldErrors).toEqual([
      { field: 'requiredCorrectAnswers', message: EXAM_MESSAGES.requiredAboveQuestions },
    ]);
    expect((await authoring(examId)).settings).toMatchObject({
      examTimeLimitMinutes: 10,
      requiredCorrectAnswers: 2,
      shuffleQuestions: false,
    });
    const all = await staff.put(`exams/${examId}/settings`, settings(3));
    expect(all.statusCode, all.body).toBe(200);
    expect((await authoring(examId)).settings.requiredCorrectAnswers).toBe(3);
  });

  it('refuses a lesson form that requires more correct answers than the exam has questions', async () => {
    const { examId } = await setupExam(staff, { required: 2 });
    const res = await staff.put(`lessons/${examId}`, { ...lessonForm(4), minStudyMinutes: 5 });
    expect(res.json()).toMatchObject({ status: 400, message: EXAM_MESSAGES.requiredAboveQuestions });
    expect(res.json().fieldErrors).toEqual([
      { field: 'requiredCorrectAnswers', message: EXAM_MESSAGES.requiredAboveQuestions },
    ]);
    const lesson = (await staff.get(`lessons/${examId}/edit`)).json() as TLesson;
    expect(lesson).toMatchObject({ requiredCorrectAnswers: 2, minStudyMinutes: 0, examQuestionCount: 3 });
    const ok = await staff.put(`lessons/${examId}`, lessonForm(3));
    expect(ok.json()).toMatchObject({ requiredCorrectAnswers: 3, examQuestionCount: 3 });
  });

  it('lets an exam without questions require any number, so its author can add the questions after', async () => {
    const { examId } = await setupExam(staff, { questions: [], required: 3 });
    expect((await authoring(examId)).settings.requiredCorrectAnswers).toBe(3);
    const learner = await freshLearner();
    const early = await learner.post(`exams/${examId}/start`);
    expect(early.json()).toMatchObject({ status: 422, message: EXAM_MESSAGES.noQuestions });
    for (const q of QUESTIONS)
      expect((await staff.post(`exams/${examId}/questions`, q)).statusCode).toBe(201);
    const result = await takeExam(learner, examId, 3);
    expect(result).toMatchObject({ correctCount: 3, questionCount: 3, passed: true });
  });

  it('refuses deleting a question that would leave fewer questions than required, saying to lower the number first', async () => {
    const fixture = await setupExam(staff, { required: 3 });
    const [first, second] = fixture.questions as [TAuthorQuestion, TAuthorQuestion];
    const refused = await staff.delete(`exam-questions/${first.id}`);
    expect(refused.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.deleteBelowRequired });
    expect(EXAM_MESSAGES.deleteBelowRequired).toMatch(/lower the required correct answers first/i);
    expect((await authoring(fixture.examId)).questions).toHaveLength(3);
    expect(((await staff.get(`lessons/${fixture.examId}/edit`)).json() as TLesson).examQuestionCount).toBe(3);

    expect((await staff.put(`exams/${fixture.examId}/settings`, settings(2))).statusCode).toBe(200);
    expect((await staff.delete(`exam-questions/${first.id}`)).statusCode).toBe(204);
    const again = await staff.delete(`exam-questions/${second.id}`);
    expect(again.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.deleteBelowRequired });
    expect((await authoring(fixture.examId)).questions).toHaveLength(2);
  });

  it('lets the last question go: an exam without questions is back to being authored', async () => {
    const fixture = await setupExam(staff, { questions: [QUESTIONS[0] as TQuestionInput], required: 1 });
    const only = fixture.questions[0] as TAuthorQuestion;
    expect((await staff.delete(`exam-questions/${only.id}`)).statusCode).toBe(204);
    const exam = await authoring(fixture.examId);
    expect(exam).toMatchObject({ questions: [], settings: { requiredCorrectAnswers: 1 } });
  });
});

describe('Excel import and export', () => {
  it('gives a template with the documented columns and instructions', async () => {
    const res = await staff.get('exams/questions/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/exam-questions-template\.xlsx/);
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Questions', 'Instructions', 'Examples']);
    const header = workbook.getWorksheet('Questions')?.getRow(1).values as unknown[];
    expect(header.slice(1, 8)).toEqual([...HEADER, 'Option 1']);
    expect(workbook.getWorksheet('Questions')?.rowCount).toBe(1);
  });

  it('imports every row, and the export imports back to the same questions', async () => {
    const { examId } = await setupExam(staff, { questions: [] });
    const file = await xlsx([
      [...HEADER, 'Option 1', 'Option 2', 'Option 3'],
      ['Single choice', 'Pick B', '2', 'Only one', null, null, 'A', 'B', 'C'],
      ['Multiple choice', 'Pick A and C', '1, 3', null, null, 30, 'A', 'B', 'C'],
      [],
      ['Fill in the blanks', 'Paris is in ___ and Rome in ___.', 'France | FR; Italy', null, 'Hint', null],
    ]);
    const res = await staff.post(
      `exams/${examId}/questions/import`,
      formData({}, { file: [file, 'questions.xlsx'] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().imported).toBe(3);
    const imported = (await authoring(examId)).questions;
    expect(imported.map((q) => [q.type, q.content])).toEqual([
      ['SINGLE_CHOICE', 'Pick B'],
      ['MULTIPLE_CHOICE', 'Pick A and C'],
      ['FILL_BLANKS', 'Paris is in ___ and Rome in ___.'],
    ]);
    expect(imported[1]?.options.map((o) => o.correct)).toEqual([true, false, true]);
    expect(imported[1]?.displaySeconds).toBe(30);
    expect(imported[2]?.blanks).toEqual([{ answers: ['France', 'FR'] }, { answers: ['Italy'] }]);

    const exported = await staff.get(`exams/${examId}/questions/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe(XLSX_TYPE);
    const other = await setupExam(staff, { questions: [] });
    const again = await staff.post(
      `exams/${other.examId}/questions/import`,
      formData({}, { file: [exported.rawPayload, 'exported.xlsx'] }),
    );
    expect(again.statusCode, again.body).toBe(201);
    const strip = (qs: TAuthorQuestion[]) =>
      qs.map(({ id: _i, examId: _e, options, ...rest }) => ({
        ...rest,
        options: options.map(({ id: _o, ...o }) => o),
      }));
    expect(strip((await authoring(other.examId)).questions)).toEqual(strip(imported));
  });

  it('reports every wrong row by its number and imports nothing', async () => {
    const { examId } = await setupExam(staff, { questions: [] });
    const file = await xlsx([
      [...HEADER, 'Option 1', 'Option 2'],
      ['Single choice', 'Fine', '1', null, null, null, 'A', 'B'],
      ['Single choice', 'No correct', '', null, null, null, 'A', 'B'],
      ['Fill in the blanks', 'No blank at all', 'x', null, null, null],
      ['Multiple choice', 'Missing option 4', '4', null, null, null, 'A', 'B'],
      ['Essay', 'Unknown type', '1', null, null, null],
    ]);
    const res = await staff.post(
      `exams/${examId}/questions/import`,
      formData({}, { file: [file, 'questions.xlsx'] }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(EXAM_MESSAGES.importHasErrors);
    expect(body.fieldErrors).toEqual([
      { field: 'row 3', message: `Correct: ${EXAM_MESSAGES.needsCorrectAnswer}` },
      { field: 'row 4', message: `Question: ${EXAM_MESSAGES.needsBlank}` },
      { field: 'row 5', message: 'Correct: there is no option 4' },
      { field: 'row 6', message: 'Type: must be Single choice, Multiple choice or Fill in the blanks' },
    ]);
    expect((await authoring(examId)).questions).toEqual([]);
  });

  it('refuses a file that is not an Excel workbook, and a missing file', async () => {
    const { examId } = await setupExam(staff, { questions: [] });
    const res = await staff.post(
      `exams/${examId}/questions/import`,
      formData({}, { file: [Buffer.from('type,question\n'), 'questions.csv'] }),
    );
    expect(res.json()).toMatchObject({ status: 400, message: EXAM_MESSAGES.importNotExcel });
    const none = await staff.post(`exams/${examId}/questions/import`, formData({ other: 'x' }));
    expect(none.json()).toMatchObject({ status: 400, message: MESSAGES.fileRequired });
  });
});

describe('taking an exam', () => {
  it('says "There is no exam!" for an unknown exam, and asks to finish the previous lesson first', async () => {
    const learner = await freshLearner();
    for (const res of [await learner.get('exams/99999/state'), await learner.post('exams/99999/start')]) {
      expect(res.json()).toMatchObject({ status: 404, message: EXAM_MESSAGES.noExam });
    }
    const questions = await learner.get('questions/exams?exam_id=99999&page=0&size=999999999');
    expect(questions.json()).toMatchObject({ status: 404, message: EXAM_MESSAGES.noExam });
    const fixture = await setupExam(staff);
    const locked = await learner.post(`exams/${fixture.nextLessonId}/start`);
    expect(locked.json()).toMatchObject({ status: 403, message: MESSAGES.finishPreviousExam });
  });

  it('refuses to start an exam without questions', async () => {
    const { course, topics } = await buildCourse(staff, [[0]]);
    expect(course.id).toBeGreaterThan(0);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const learner = await freshLearner();
    const res = await learner.post(`exams/${lessonId}/start`);
    expect(res.json()).toMatchObject({ status: 422, message: EXAM_MESSAGES.noQuestions });
    expect((await stateOf(learner, lessonId)).questionCount).toBe(0);
  });

  it('shows questions only during an attempt, resumes it, autosaves, grades and opens the next lesson', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const before = await stateOf(learner, fixture.examId);
    expect(before).toMatchObject({
      questionCount: 3,
      timeLimitMinutes: 10,
      requiredCorrectAnswers: 2,
      attemptsLeft: 3,
      locked: false,
      passed: false,
      openAttempt: null,
      attempts: [],
    });
    const early = await learner.get(`questions/exams?exam_id=${fixture.examId}&page=0&size=999999999`);
    expect(early.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.noOpenAttempt });

    const attempt = await start(learner, fixture.examId);
    expect(attempt).toMatchObject({ number: 1, questionCount: 3, remainingSeconds: 600, answers: [] });
    expect(Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)).toBe(600_000);
    clock.advance(30);
    const resumed = await start(learner, fixture.examId);
    expect(resumed).toMatchObject({ id: attempt.id, number: 1, remainingSeconds: 570 });

    const res = await learner.get(`questions/exams?exam_id=${fixture.examId}&page=0&size=999999999`);
    expect(res.headers['x-total-count']).toBe('3');
    const questions = await questionsOf(learner, fixture.examId);
    expect(questions.map((q) => [q.number, q.type])).toEqual([
      [1, 'SINGLE_CHOICE'],
      [2, 'MULTIPLE_CHOICE'],
      [3, 'FILL_BLANKS'],
    ]);
    expect(questions[2]).toMatchObject({
      parts: ['The island is ', ' and the mountain is ', '.'],
      blankCount: 2,
      options: [],
    });
    const paged = await learner.get(`questions/exams?exam_id=${fixture.examId}&page=1&size=2`);
    expect(paged.json().map((q: { number: number }) => q.number)).toEqual([3]);

    const answers = answersFor(questions, 'right');
    const saved = await learner.put(`exams/attempts/${attempt.id}/answers`, { answers: answers.slice(0, 2) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ attemptId: attempt.id, answeredCount: 2 });
    const reloaded = await stateOf(learner, fixture.examId);
    expect(reloaded.openAttempt?.answers.map((a) => a.questionId)).toEqual([
      questions[0]?.id,
      questions[1]?.id,
    ]);

    clock.advance(60);
    const result = await submit(learner, attempt.id, answers.slice(2));
    expect(result).toMatchObject({
      status: 'SUBMITTED',
      result: 'PASSED',
      passed: true,
      correctCount: 3,
      questionCount: 3,
      mark: 100,
      lessonPassed: true,
      nextLessonId: fixture.nextLessonId,
      cheatingWarning: null,
    });
    const lessons = (await learner.get(`my-lessons?thematic_id=${fixture.topicId}`)).json() as TMyLesson[];
    expect(lessons.map((l) => [l.status, l.examPassed, l.locked])).toEqual([
      ['PASSED', true, false],
      ['IDLE', false, false],
    ]);
    const again = await learner.post(`exams/${fixture.examId}/start`);
    expect(again.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.alreadyPassed });
    expect((await learner.get(`exams/attempts/${attempt.id}/result`)).json()).toMatchObject({
      id: attempt.id,
      passed: true,
    });
  });

  it('checks the answers of a finished attempt only, by multipart or JSON', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    const early = await learner.post(
      'user-answers/check-answers',
      formData({ attempt_id: String(attempt.id) }),
    );
    expect(early.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.attemptNotSubmitted });
    const answers = mixedAnswers(questions, 1);
    answers[2] = { questionId: questions[2]?.id ?? 0, blanks: ['  zanzibar ', 'wrong'] };
    const result = await submit(learner, attempt.id, answers);
    expect(result).toMatchObject({ passed: false, correctCount: 1, mark: 33, attemptsLeft: 2 });
    const viaForm = await learner.post(
      'user-answers/check-answers',
      formData({ attempt_id: String(attempt.id) }),
    );
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    const checked = viaForm.json() as TCheckAnswers;
    expect(checked.outcomes.map((o) => [o.number, o.outcome, o.blankOutcomes])).toEqual([
      [1, 'RIGHT', []],
      [2, 'WRONG', []],
      [3, 'WRONG', ['RIGHT', 'WRONG']],
    ]);
    expect(checked.outcomes[2]?.given.blanks).toEqual(['  zanzibar ', 'wrong']);
    const viaJson = await learner.post('user-answers/check-answers', { attempt_id: attempt.id });
    expect(viaJson.json()).toEqual(checked);
    const other = await freshLearner();
    const foreign = await other.post('user-answers/check-answers', { attempt_id: attempt.id });
    expect(foreign.json()).toMatchObject({ status: 404, message: EXAM_MESSAGES.attemptNotFound });
    const lessons = (await learner.get(`my-lessons?thematic_id=${fixture.topicId}`)).json() as TMyLesson[];
    expect(lessons.map((l) => [l.status, l.locked])).toEqual([
      ['FAILED', false],
      ['IDLE', true],
    ]);
  });

  it('needs the study time as well before the lesson counts as passed', async () => {
    const { topics } = await buildCourse(staff, [[1, 0]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    for (const q of QUESTIONS) await staff.post(`exams/${lessonId}/questions`, q);
    const learner = await freshLearner();
    const result = await takeExam(learner, lessonId, 3);
    expect(result).toMatchObject({ passed: true, lessonPassed: false, nextLessonId: null });
    const lessons = (
      await learner.get(`my-lessons?thematic_id=${topics[0]?.topic.id}`)
    ).json() as TMyLesson[];
    expect(lessons.map((l) => [l.examPassed, l.studyComplete, l.locked])).toEqual([
      [true, false, false],
      [false, false, true],
    ]);
  });
});

describe('the deadline, on the server clock', () => {
  it('takes a submission in time and during the grace', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1 });
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    clock.advance(65); // 5 s after the deadline: within the grace
    const result = await submit(learner, attempt.id, answersFor(questions, 'right'));
    expect(result).toMatchObject({ status: 'SUBMITTED', passed: true });
    expect(Date.parse(result.endedAt ?? '')).toBe(Date.parse(attempt.startedAt) + 65_000);
  });

  it('refuses answers after the grace, closes the attempt as failed and counts it', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1 });
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    await learner.put(`exams/attempts/${attempt.id}/answers`, { answers: answersFor(questions, 'right') });
    clock.advance(71);
    const late = await learner.post('exams/process', {
      attemptId: attempt.id,
      answers: answersFor(questions, 'right'),
    });
    expect(late.json()).toMatchObject({ status: 422, message: EXAM_MESSAGES.timeUp });
    const state = await stateOf(learner, fixture.examId);
    expect(state).toMatchObject({ openAttempt: null, failedAttempts: 1, attemptsLeft: 2, passed: false });
    // Graded on what was saved in time (all right), but failed: the time ran out.
    expect(state.attempts[0]).toMatchObject({ status: 'EXPIRED', result: 'FAILED', mark: 100 });
    expect(state.attempts[0]?.endedAt).toBe(attempt.deadlineAt);
    const autosave = await learner.put(`exams/attempts/${attempt.id}/answers`, { answers: [] });
    expect(autosave.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.attemptClosed });
    const replay = await submit(learner, attempt.id, []);
    expect(replay).toMatchObject({ id: attempt.id, status: 'EXPIRED', passed: false });
  });

  it('refuses an autosave after the grace and closes the attempt', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1 });
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    clock.advance(50);
    expect((await learner.put(`exams/attempts/${attempt.id}/answers`, { answers: [] })).statusCode).toBe(200);
    clock.advance(25);
    const late = await learner.put(`exams/attempts/${attempt.id}/answers`, { answers: [] });
    expect(late.json()).toMatchObject({ status: 422, message: EXAM_MESSAGES.timeUp });
    const questions = await learner.get(`questions/exams?exam_id=${fixture.examId}&page=0&size=10`);
    expect(questions.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.noOpenAttempt });
  });

  it('has a job close attempts left open past their deadline', async () => {
    const clock = serverClock();
    const fixture = await setupExam(staff, { timeLimitMinutes: 1 });
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    expect(await closeExpiredAttempts(t.database.db, noHandlers, new Date())).toBe(0);
    clock.advance(69);
    expect(await closeExpiredAttempts(t.database.db, noHandlers, new Date())).toBe(0);
    clock.advance(2);
    expect(await closeExpiredAttempts(t.database.db, noHandlers, new Date())).toBe(1);
    expect(await closeExpiredAttempts(t.database.db, noHandlers, new Date())).toBe(0);
    const state = await stateOf(learner, fixture.examId);
    expect(state.attempts[0]).toMatchObject({ id: attempt.id, status: 'EXPIRED', result: 'FAILED', mark: 0 });
    const lessons = (await learner.get(`my-lessons?thematic_id=${fixture.topicId}`)).json() as TMyLesson[];
    expect(lessons[0]?.status).toBe('FAILED');
  });
});

describe('attempts, the lock and unlocking', () => {
  it('warns before the last attempt, locks after three failures, and PROGRESS_MANAGEMENT unlocks', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    expect(await takeExam(learner, fixture.examId, 0)).toMatchObject({ attemptsLeft: 2, locked: false });
    expect((await stateOf(learner, fixture.examId)).lastAttemptWarning).toBe(false);
    expect(await takeExam(learner, fixture.examId, 1)).toMatchObject({ attemptsLeft: 1, locked: false });
    const warned = await stateOf(learner, fixture.examId);
    expect(warned).toMatchObject({ lastAttemptWarning: true, attemptsLeft: 1, failedAttempts: 2 });
    const last = await start(learner, fixture.examId);
    expect(last).toMatchObject({ number: 3, lastAttempt: true });
    const questions = await questionsOf(learner, fixture.examId);
    const third = await submit(learner, last.id, mixedAnswers(questions, 1));
    expect(third).toMatchObject({ number: 3, passed: false, attemptsLeft: 0, locked: true });

    const locked = await learner.post(`exams/${fixture.examId}/start`);
    expect(locked.json()).toMatchObject({ status: 403, message: EXAM_MESSAGES.locked });
    expect(await stateOf(learner, fixture.examId)).toMatchObject({
      locked: true,
      attemptsLeft: 0,
      lastAttemptWarning: false,
    });

    const standings = await admin.get(`exam-standings?locked=true&examId=${fixture.examId}`);
    expect(standings.headers['x-total-count']).toBe('1');
    expect((standings.json() as TExamStanding[])[0]).toMatchObject({
      userId: learnerId,
      lessonName: 'Lesson 1.1',
      attempts: 3,
      failedAttempts: 3,
      locked: true,
    });
    const attempts = await admin.get(`exam-attempts?userId=${learnerId}&examId=${fixture.examId}`);
    expect((attempts.json() as TStaffAttempt[]).map((a) => [a.number, a.result, a.mark])).toEqual([
      [3, 'FAILED', 33],
      [2, 'FAILED', 33],
      [1, 'FAILED', 0],
    ]);
    expect((attempts.json() as TStaffAttempt[])[0]).toMatchObject({
      employeeCode: expect.stringMatching(/^E10/),
      ip: '127.0.0.1',
      cheating: false,
    });

    for (const [client, status] of [
      [learner, 403],
      [staff, 403],
    ] as const) {
      const res = await client.post(`exams/${fixture.examId}/unlock`, { userId: learnerId });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe('You do not have permission to unlock exams');
    }
    // A holder of PROGRESS_MANAGEMENT whose authorization reaches the learner's service (issue 20).
    const { serviceId } = (await admin.get(`users/${learnerId}`)).json() as { serviceId: number };
    const coord = (
      await makeUser(t.app, { permissions: ['PROGRESS_MANAGEMENT'], authorizationScope: { serviceId } })
    ).client;
    const unlocked = await coord.post(`exams/${fixture.examId}/unlock`, { userId: learnerId });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toMatchObject({ locked: false, failedAttempts: 0, attempts: 3 });
    const twice = await coord.post(`exams/${fixture.examId}/unlock`, { userId: learnerId });
    expect(twice.json()).toMatchObject({ status: 409, message: EXAM_MESSAGES.notLocked });

    expect(await stateOf(learner, fixture.examId)).toMatchObject({ locked: false, attemptsLeft: 3 });
    expect(await takeExam(learner, fixture.examId, 3)).toMatchObject({ number: 4, passed: true });
  });

  it('never locks when the lesson allows unlimited attempts', async () => {
    const fixture = await setupExam(staff, { maxFailed: 0 });
    const learner = await freshLearner();
    for (let i = 0; i < 4; i++) {
      expect(await takeExam(learner, fixture.examId, 0)).toMatchObject({ attemptsLeft: null, locked: false });
    }
    expect(await stateOf(learner, fixture.examId)).toMatchObject({
      failedAttempts: 4,
      lastAttemptWarning: false,
    });
  });
});

describe('anti-cheat', () => {
  it('records copy and right-click attempts without submitting', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const attempt = await start(learner, fixture.examId);
    const copy = await learner.post(`exams/attempts/${attempt.id}/events`, formData({ kind: 'COPY' }));
    expect(copy.statusCode, copy.body).toBe(200);
    await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'COPY' });
    const menu = await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'CONTEXT_MENU' });
    expect(menu.json()).toEqual({ tabLeaves: 0, printScreens: 0, copies: 2, contextMenus: 1, blurs: 0 });
    expect((await stateOf(learner, fixture.examId)).openAttempt?.id).toBe(attempt.id);
    const bad = await learner.post(`exams/attempts/${attempt.id}/events`, { kind: 'SCREAM' });
    expect(bad.statusCode).toBe(400);
  });

  it('submits at once and flags the attempt when the learner leaves the tab or takes a screenshot', async () => {
    const fixture = await setupExam(staff);
    const learner = await freshLearner();
    const learnerId = await userIdOf(learner);
    const attempt = await start(learner, fixture.examId);
    const questions = await questionsOf(learner, fixture.examId);
    const result = await submit(learner, attempt.id, answersFor(questions, 'right').slice(0, 1), 'TAB_LEFT');
    expect(result).toMatchObject({
      status: 'SUBMITTED',
      cheating: true,
      cheatingWarning: EXAM_MESSAGES.cheatingWarning,
      correctCount: 1,
      passed: false,
    });
    const second = await start(learner, fixture.examId);
    const screenshot = await submit(learner, second.id, [], 'PRINT_SCREEN');
    expect(screenshot).toMatchObject({ cheating: true, number: 2 });
    const rows = (await admin.get(`exam-attempts?userId=${learnerId}`)).json() as TStaffAttempt[];
    expect(rows.map((r) => [r.number, r.cheatReason, r.flags.tabLeaves, r.flags.printScreens])).toEqual([
      [2, 'PRINT_SCREEN', 0, 1],
      [1, 'TAB_LEFT', 1, 0],
    ]);
    // A replayed cheating submission changes nothing.
    expect(await submit(learner, second.id, [], 'TAB_LEFT')).toMatchObject({ id: second.id, number: 2 });
    const again = (await admin.get(`exam-attempts?userId=${learnerId}`)).json() as TStaffAttempt[];
    expect(again[0]?.flags).toEqual(rows[0]?.flags);
  });
});

describe('demo data', () => {
  it('has exams on the demo lessons that the demo student can take', async () => {
    const res = await student.get('my-lessons?thematic_id=6');
    const lessons = res.json() as TMyLesson[];
    expect(lessons[0]).toMatchObject({ name: 'Preparing the appointment', hasExam: true, locked: false });
    const state = await stateOf(student, lessons[0]?.id ?? 0);
    expect(state).toMatchObject({ questionCount: 5, requiredCorrectAnswers: 3, attemptsLeft: 3 });
  });
});

describe('course completion through an exam', () => {
  /** The learner is assigned the course: its state is DONE once the course is completed. */
  async function assigned(courseId: number) {
    const learner = await makeUser(t.app);
    const res = await admin.post('assignments', {
      courseId,
      audience: { userIds: [learner.id] },
      due: { date: '2099-01-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const state = async () => {
      const mine = await learner.client.get('my-assignments');
      expect(mine.statusCode, mine.body).toBe(200);
      return (mine.json() as TMyAssignment[]).find((a) => a.courseId === courseId)?.state;
    };
    return { learner, state };
  }

  it('completes the course with the submission that passes its last lesson', async () => {
    // Two topics of one lesson each; the second lesson has the exam.
    const { course, topics } = await buildCourse(staff, [[0], [0]]);
    const [first, last] = topics.map((topic) => topic.lessons[0]?.id ?? 0);
    for (const q of QUESTIONS) expect((await staff.post(`exams/${last}/questions`, q)).statusCode).toBe(201);
    const settings = { examTimeLimitMinutes: 10, requiredCorrectAnswers: 2, maxFailedAttempts: 3 };
    expect((await staff.put(`exams/${last}/settings`, settings)).statusCode).toBe(200);
    const { learner, state } = await assigned(course.id);
    const open = await learner.client.post(`user-lesson/update-status/${first}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(await state()).not.toBe('DONE');
    expect((await takeExam(learner.client, last ?? 0, 0)).passed).toBe(false);
    expect(await state()).not.toBe('DONE');
    expect((await takeExam(learner.client, last ?? 0, 3)).passed).toBe(true);
    expect(await state()).toBe('DONE');
  });

  it('leaves the course open when the exam passes before the other lesson', async () => {
    const fixture = await setupExam(staff);
    const { learner, state } = await assigned(fixture.courseId);
    expect((await takeExam(learner.client, fixture.examId, 3)).passed).toBe(true);
    expect(await state()).not.toBe('DONE');
    const open = await learner.client.post(`user-lesson/update-status/${fixture.nextLessonId}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(await state()).toBe('DONE');
  });
});

describe('speed', () => {
  it('grades and stores a submission in seven statements, and answers a replay in five', async () => {
    // Sign-in check; then begin, the attempt with its locks (the standing's, the attempt's and the
    // course-completion lock) and the questions, the course tree, closing the attempt with the
    // standing and the progress row (made now, with the course's completion counted) in one
    // statement, the assignments' note of the start (lessonStarted), commit. A replay: sign-in,
    // begin, the locked attempt, commit, the lesson's standing.
    const fixture = await setupExam(staff);
    const counts: number[] = [];
    for (const right of [3, 0]) {
      const learner = await freshLearner();
      const attempt = await start(learner, fixture.examId);
      const answers = mixedAnswers(await questionsOf(learner, fixture.examId), right);
      t.database.queries.reset();
      expect((await submit(learner, attempt.id, answers)).passed).toBe(right === 3);
      counts.push(t.database.queries.count);
      t.database.queries.reset();
      await submit(learner, attempt.id, answers);
      counts.push(t.database.queries.count);
    }
    // PGlite's transactions send their own begin and commit, which drizzle's logger does not see.
    const [graded, replay] = TEST_ENGINE === 'postgres' ? [7, 5] : [5, 3];
    expect(counts).toEqual([graded, replay, graded, replay]);
  });

  it('answers the questions of an attempt with a constant number of queries', async () => {
    const small = await setupExam(staff);
    const large = await setupExam(staff, {
      questions: Array.from({ length: 40 }, (_, i) => QUESTIONS[i % 3]).filter((q) => q !== undefined),
    });
    const learner = await freshLearner();
    const counts: number[] = [];
    for (const fixture of [small, large]) {
      await start(learner, fixture.examId);
      t.database.queries.reset();
      await questionsOf(learner, fixture.examId);
      counts.push(t.database.queries.count);
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeLessThanOrEqual(3);
  });
});
