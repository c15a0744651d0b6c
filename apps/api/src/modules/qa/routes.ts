import {
  ZApiError,
  ZIdParam,
  ZQaQuestionDetail,
  ZQaQuestionInput,
  ZQaQuestionListQuery,
  ZQaQuestionSummary,
  ZQaReply,
  ZQaReplyInput,
  ZQaSolvedInput,
  ZQaUpvoteResult,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Principal } from '../../platform/http/access';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import {
  addReply,
  createQuestion,
  deleteQuestion,
  deleteReply,
  getQuestion,
  listQuestions,
  setSolved,
  toggleUpvote,
  updateQuestion,
  updateReply,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['qa'];
/** Every Q&A call needs a signed-in learner; who may change what is decided per question. */
const signedIn = { access: { signedIn: true } } as const;

function who(principal: Principal | null): Principal {
  if (!principal) throw unauthorized();
  return principal;
}

/** Questions and answers for learners (SPEC §1–§6). */
export const qaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/qa/questions',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Questions: q (title and description words), type, relatedTopic, courseId, lessonId, solved, mine; sort=newest|upvotes|unanswered',
        querystring: ZQaQuestionListQuery,
        response: { 200: z.array(ZQaQuestionSummary), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listQuestions(ctx.db, who(request.principal), request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.post(
    '/qa/questions',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Ask a question (a course question names its course and may name a lesson)',
        body: ZQaQuestionInput,
        response: { 201: ZQaQuestionDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createQuestion(ctx.db, who(request.principal), request.body)),
  );

  app.get(
    '/qa/questions/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'A question with its replies (oldest first) and what the caller may do',
        params: ZIdParam,
        response: { 200: ZQaQuestionDetail, ...errors },
      },
    },
    async (request) => getQuestion(ctx.db, who(request.principal), request.params.id),
  );

  app.put(
    '/qa/questions/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Edit a question: its author or a moderator',
        params: ZIdParam,
        body: ZQaQuestionInput,
        response: { 200: ZQaQuestionDetail, ...errors },
      },
    },
    async (request) => updateQuestion(ctx.db, who(request.principal), request.params.id, request.body),
  );

  app.delete(
    '/qa/questions/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete a question with its replies: its author or a moderator',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteQuestion(ctx.db, who(request.principal), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/qa/questions/:id/upvote',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Toggle the caller's upvote of a question (one per learner)",
        params: ZIdParam,
        response: { 200: ZQaUpvoteResult, ...errors },
      },
    },
    async (request) => toggleUpvote(ctx.db, who(request.principal), request.params.id),
  );

  app.put(
    '/qa/questions/:id/solved',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Mark a question solved (optionally naming the reply that solved it) or not: asker or moderator',
        params: ZIdParam,
        body: ZQaSolvedInput,
        response: { 200: ZQaQuestionDetail, ...errors },
      },
    },
    async (request) => setSolved(ctx.db, who(request.principal), request.params.id, request.body),
  );

  app.post(
    '/qa/questions/:id/replies',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Reply to a question; the asker is notified (in the product and by mail, as they chose)',
        params: ZIdParam,
        body: ZQaReplyInput,
        response: { 201: ZQaReply, ...errors },
      },
    },
    async (request, reply) => {
      const created = await addReply(ctx.db, who(request.principal), request.params.id, request.body.content);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/qa/replies/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Edit a reply: its author or a moderator',
        params: ZIdParam,
        body: ZQaReplyInput,
        response: { 200: ZQaReply, ...errors },
      },
    },
    async (request) => updateReply(ctx.db, who(request.principal), request.params.id, request.body.content),
  );

  app.delete(
    '/qa/replies/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete a reply: its author or a moderator',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReply(ctx.db, who(request.principal), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
