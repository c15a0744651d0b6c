import {
  ZAccommodationInput,
  ZAccommodationParams,
  ZAccommodationQuery,
  ZApiError,
  ZAttemptFlags,
  ZAuthorQuestion,
  ZAutosaveInput,
  ZAutosaveResult,
  ZCheckAnswers,
  ZCheckAnswersInput,
  ZExamAccommodation,
  ZExamAuthoring,
  ZExamEventInput,
  ZExamQuestionsQuery,
  ZExamResult,
  ZExamSettings,
  ZExamSettingsInput,
  ZExamStanding,
  ZExamStandingQuery,
  ZExamState,
  ZExamSubmit,
  ZIdParam,
  ZLearnerQuestion,
  ZOpenAttempt,
  ZQuestionImportResult,
  ZQuestionInput,
  ZQuestionOrderInput,
  ZStaffAttempt,
  ZStaffAttemptQuery,
  ZUnlockInput,
} from '@academy/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import { readForm } from '../../platform/uploads/multipart';
import { listAccommodations, removeAccommodation, setAccommodation } from './accommodations';
import {
  attemptQuestions,
  attemptResult,
  autosaveAnswers,
  checkAnswers,
  examState,
  recordAttemptEvent,
  startAttempt,
  submitAttempt,
} from './attempts';
import { type Clock, systemClock } from './clock';
import {
  addQuestions,
  authorQuestions,
  deleteQuestion,
  duplicateQuestion,
  examAuthoring,
  reorderQuestions,
  updateExamSettings,
  updateQuestion,
} from './questions';
import {
  questionsWorkbook,
  readImportUpload,
  readQuestionsWorkbook,
  templateWorkbook,
  XLSX_TYPE,
} from './sheet';
import { listAttempts, listStandings, unlockExam } from './staff';

const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  422: ZApiError,
};
const tags = ['exams'];
const signedIn = { access: { signedIn: true } } as const;
const formTypes = ['multipart/form-data', 'application/json'];

const view = { permission: 'COURSE_MANAGEMENT', denied: 'view exams' } as const;
const add = {
  permission: 'COURSE_MANAGEMENT',
  action: 'ADD_COURSE_MANAGEMENT',
  denied: 'add exams',
} as const;
const edit = {
  permission: 'COURSE_MANAGEMENT',
  action: 'EDIT_COURSE_MANAGEMENT',
  denied: 'edit exams',
} as const;
const remove = {
  permission: 'COURSE_MANAGEMENT',
  action: 'DELETE_COURSE_MANAGEMENT',
  denied: 'delete exams',
} as const;

function userId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

function sendWorkbook(reply: FastifyReply, data: Buffer, fileName: string) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'no-store')
    .send(data);
}

export type ExamRouteOptions = AppContext & { clock?: Clock };

/**
 * Exams: the learner's calls (SPEC §7 `questions/exams`, `exams/process`,
 * `user-answers/check-answers`, plus state, start, autosave, events), authoring
 * (COURSE_MANAGEMENT) and attempts, standings and unlocking (PROGRESS_MANAGEMENT).
 */
export const examRoutes: FastifyPluginAsyncZod<ExamRouteOptions> = async (app, ctx) => {
  const clock = ctx.clock ?? systemClock;

  // ——— Learners ———

  app.get(
    '/exams/:id/state',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "My state in a lesson's exam (exam id = lesson id): attempts, lock, running attempt",
        params: ZIdParam,
        response: { 200: ZExamState, ...errors },
      },
    },
    async (request) => examState(ctx.db, ctx.events, userId(request), request.params.id, clock()),
  );

  app.post(
    '/exams/:id/start',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Start an attempt (deadline = now + time limit), or resume the running one',
        params: ZIdParam,
        response: { 200: ZOpenAttempt, ...errors },
      },
    },
    async (request) =>
      startAttempt(ctx.db, ctx.events, userId(request), request.params.id, clock(), request.ip),
  );

  app.get(
    '/questions/exams',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The questions of my running attempt, without anything that reveals the answers',
        querystring: ZExamQuestionsQuery,
        response: { 200: z.array(ZLearnerQuestion), ...errors },
      },
    },
    async (request, reply) => {
      const { exam_id, page, size } = request.query;
      const { rows, total } = await attemptQuestions(
        ctx.db,
        ctx.events,
        userId(request),
        exam_id,
        { page, size },
        clock(),
      );
      setTotal(reply, total);
      return rows;
    },
  );

  app.put(
    '/exams/attempts/:id/answers',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Autosave the answers of my running attempt (all of them, replacing the saved ones)',
        params: ZIdParam,
        body: ZAutosaveInput,
        response: { 200: ZAutosaveResult, ...errors },
      },
    },
    async (request) =>
      autosaveAnswers(ctx.db, ctx.events, userId(request), request.params.id, request.body.answers, clock()),
  );

  app.post(
    '/exams/process',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Submit an attempt: graded once on the server; refused after the deadline and grace',
        body: ZExamSubmit,
        response: { 200: ZExamResult, ...errors },
      },
    },
    async (request) => submitAttempt(ctx.db, ctx.events, userId(request), request.body, clock()),
  );

  app.get(
    '/exams/attempts/:id/result',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The result of one of my finished attempts',
        params: ZIdParam,
        response: { 200: ZExamResult, ...errors },
      },
    },
    async (request) => attemptResult(ctx.db, userId(request), request.params.id),
  );

  app.post(
    '/exams/attempts/:id/events',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Record a copy or right-click attempt, or the window losing focus, on my running attempt (multipart or JSON: kind)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZAttemptFlags, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { fields: ZExamEventInput, files: {} });
      return recordAttemptEvent(ctx.db, userId(request), request.params.id, form.fields.kind);
    },
  );

  app.post(
    '/user-answers/check-answers',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          "The review of my finished attempt: per question right, wrong or unanswered, and the correct answers where the exam's answer review allows (multipart or JSON: attempt_id)",
        consumes: formTypes,
        response: { 200: ZCheckAnswers, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, { fields: ZCheckAnswersInput, files: {} });
      return checkAnswers(ctx.db, userId(request), form.fields.attempt_id);
    },
  );

  // ——— Authoring (COURSE_MANAGEMENT) ———

  app.get(
    '/exams/:id/authoring',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "A lesson's exam as its authors see it: settings and questions with their answers",
        params: ZIdParam,
        response: { 200: ZExamAuthoring, ...errors },
      },
    },
    async (request) => examAuthoring(ctx.db, request.params.id),
  );

  app.put(
    '/exams/:id/settings',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Exam settings: time limit, required correct answers, attempts before the lock, shuffling',
        params: ZIdParam,
        body: ZExamSettingsInput,
        response: { 200: ZExamSettings, ...errors },
      },
    },
    async (request) => updateExamSettings(ctx.db, request.params.id, request.body),
  );

  app.post(
    '/exams/:id/questions',
    {
      config: { access: add },
      schema: {
        tags,
        summary: 'Add a question at the end of the exam',
        params: ZIdParam,
        body: ZQuestionInput,
        response: { 201: ZAuthorQuestion, ...errors },
      },
    },
    async (request, reply) => {
      const [question] = await addQuestions(ctx.db, request.params.id, [request.body]);
      if (!question) throw new Error('question was not added');
      return reply.status(201).send(question);
    },
  );

  app.put(
    '/exams/:id/questions/order',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: "Reorder the exam's questions: every question id once, in the new order",
        params: ZIdParam,
        body: ZQuestionOrderInput,
        response: { 200: z.array(ZAuthorQuestion), ...errors },
      },
    },
    async (request) => reorderQuestions(ctx.db, request.params.id, request.body.ids),
  );

  app.put(
    '/exam-questions/:id',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Edit a question',
        params: ZIdParam,
        body: ZQuestionInput,
        response: { 200: ZAuthorQuestion, ...errors },
      },
    },
    async (request) => updateQuestion(ctx.db, request.params.id, request.body),
  );

  app.post(
    '/exam-questions/:id/duplicate',
    {
      config: { access: add },
      schema: {
        tags,
        summary: 'Duplicate a question (the copy comes right after it)',
        params: ZIdParam,
        response: { 201: ZAuthorQuestion, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await duplicateQuestion(ctx.db, request.params.id)),
  );

  app.delete(
    '/exam-questions/:id',
    {
      config: { access: remove },
      schema: {
        tags,
        summary: 'Delete a question',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteQuestion(ctx.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/exams/questions/template',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The Excel template for importing questions (.xlsx)',
        produces: [XLSX_TYPE],
        response: { 401: ZApiError, 403: ZApiError },
      },
    },
    async (_request, reply) =>
      sendWorkbook(reply as FastifyReply, await templateWorkbook(), 'exam-questions-template.xlsx'),
  );

  app.get(
    '/exams/:id/questions/export',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "The exam's questions as an Excel workbook in the import layout (.xlsx)",
        params: ZIdParam,
        produces: [XLSX_TYPE],
        response: { 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const authoring = await examAuthoring(ctx.db, request.params.id);
      const data = await questionsWorkbook(await authorQuestions(ctx.db, authoring.examId));
      return sendWorkbook(reply as FastifyReply, data, `exam-${authoring.examId}-questions.xlsx`);
    },
  );

  app.post(
    '/exams/:id/questions/import',
    {
      config: { access: add },
      schema: {
        tags,
        summary: 'Import questions from the Excel template (multipart, field file): all rows or none',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 201: ZQuestionImportResult, ...errors, 413: ZApiError },
      },
    },
    async (request, reply) => {
      const data = await readImportUpload(request);
      const inputs = await readQuestionsWorkbook(data);
      const questions = await addQuestions(ctx.db, request.params.id, inputs);
      return reply.status(201).send({ imported: questions.length, questions });
    },
  );

  // ——— Staff: attempts, standings, unlocking (PROGRESS_MANAGEMENT) ———

  app.get(
    '/exam-attempts',
    {
      config: { access: { permission: 'PROGRESS_MANAGEMENT', denied: 'view exam attempts' } },
      schema: {
        tags,
        summary:
          "Learners' exam attempts (mark, number, status, IP, times, result, cheating flags), newest first",
        querystring: ZStaffAttemptQuery,
        response: { 200: z.array(ZStaffAttempt), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAttempts(ctx.db, {
        ...request.query,
        within: request.principal!.scope,
      });
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/exam-standings',
    {
      config: { access: { permission: 'PROGRESS_MANAGEMENT', denied: 'view exam attempts' } },
      schema: {
        tags,
        summary: "Learners' standing per exam (attempts, failures, lock); locked=true lists whom to unlock",
        querystring: ZExamStandingQuery,
        response: { 200: z.array(ZExamStanding), ...errors },
      },
    },
    async (request, reply) => {
      const { locked, ...rest } = request.query;
      const { rows, total } = await listStandings(ctx.db, {
        ...rest,
        locked: locked === undefined ? undefined : locked === 'true',
        within: request.principal!.scope,
      });
      setTotal(reply, total);
      return rows;
    },
  );

  app.post(
    '/exams/:id/unlock',
    {
      config: {
        access: { permission: 'PROGRESS_MANAGEMENT', denied: 'unlock exams' },
        audit: { action: 'unlock' },
      },
      schema: {
        tags,
        summary: 'Unlock a locked exam for one learner (their failures count again from zero)',
        params: ZIdParam,
        body: ZUnlockInput,
        response: { 200: ZExamStanding, ...errors },
      },
    },
    async (request) =>
      unlockExam(
        ctx.db,
        ctx.events,
        userId(request),
        request.params.id,
        request.body.userId,
        clock(),
        request.principal!.scope,
      ),
  );

  // ——— Staff: per-learner accommodations (PROGRESS_MANAGEMENT, decision 88) ———

  const accommodate = { permission: 'PROGRESS_MANAGEMENT', denied: 'give exam accommodations' } as const;

  app.get(
    '/exam-accommodations',
    {
      config: { access: { permission: 'PROGRESS_MANAGEMENT', denied: 'view exam attempts' } },
      schema: {
        tags,
        summary: "Learners' accommodations (extra time, extra attempts) per exam, newest change first",
        querystring: ZAccommodationQuery,
        response: { 200: z.array(ZExamAccommodation), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAccommodations(ctx.db, {
        ...request.query,
        within: request.principal!.scope,
      });
      setTotal(reply, total);
      return rows;
    },
  );

  app.put(
    '/exams/:id/accommodations',
    {
      config: { access: accommodate },
      schema: {
        tags,
        summary:
          'Give one learner extra time (percent of the time limit) and extra attempts in an exam; a locked learner back under the limit is unlocked',
        params: ZIdParam,
        body: ZAccommodationInput,
        response: { 200: ZExamAccommodation, ...errors },
      },
    },
    async (request) =>
      setAccommodation(
        ctx.db,
        ctx.events,
        userId(request),
        request.params.id,
        request.body,
        clock(),
        request.principal!.scope,
      ),
  );

  app.delete(
    '/exams/:id/accommodations/:userId',
    {
      config: { access: accommodate },
      schema: {
        tags,
        summary: "Remove a learner's accommodation in an exam",
        params: ZAccommodationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeAccommodation(ctx.db, request.params.id, request.params.userId, request.principal!.scope);
      return reply.status(204).send(null);
    },
  );
};
