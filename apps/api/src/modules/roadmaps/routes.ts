import {
  ZApiError,
  ZIdParam,
  ZMyRoadmapAnswer,
  ZRoadmap,
  ZRoadmapCourseOption,
  ZRoadmapInput,
  ZRoadmapListItem,
  ZRoadmapListQuery,
} from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { courseOptions } from '../courses';
import type { LearnerProgress } from './learner-progress';
import { createRoadmap, deleteRoadmap, getRoadmap, listRoadmaps, myRoadmap, updateRoadmap } from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['roadmaps'];

const view = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'view roadmaps' } as const;
const add = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'add roadmaps' } as const;
const edit = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'edit roadmaps' } as const;
const remove = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'delete roadmaps' } as const;

function principalId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

/** Roadmaps — /management/schedule (LEARNING_PATH_MANAGEMENT) and the learner's roadmap. */
export const roadmapRoutes: FastifyPluginAsyncZod<AppContext & { learnerProgress: LearnerProgress }> = async (
  app,
  ctx,
) => {
  app.get(
    '/roadmaps',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          'Roadmaps with their milestone, course and learner counts; q searches branch, service, authorization',
        querystring: ZRoadmapListQuery,
        response: { 200: z.array(ZRoadmapListItem), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listRoadmaps(ctx.db, request.query, request.principal!.scope);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/roadmaps/course-options',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Every course to put on a roadmap (id, name, service, "complete before moving on")',
        response: { 200: z.array(ZRoadmapCourseOption), ...errors },
      },
    },
    async (_request, reply) => {
      const rows = await courseOptions(ctx.db);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/roadmaps/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'A roadmap with its milestones and courses in order',
        params: ZIdParam,
        response: { 200: ZRoadmap, ...errors },
      },
    },
    async (request) => getRoadmap(ctx.db, request.params.id, request.principal!.scope),
  );

  app.post(
    '/roadmaps',
    {
      config: { access: add },
      schema: {
        tags,
        summary:
          'Add the roadmap of a branch and an authorization ("Roadmap already exists" for a second one)',
        body: ZRoadmapInput,
        response: { 201: ZRoadmap, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRoadmap(ctx.db, ctx.events, request.body, request.principal!.scope)),
  );

  app.put(
    '/roadmaps/:id',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Replace a roadmap: branch, authorization, milestones and their courses',
        params: ZIdParam,
        body: ZRoadmapInput,
        response: { 200: ZRoadmap, ...errors },
      },
    },
    async (request) =>
      updateRoadmap(ctx.db, ctx.events, request.params.id, request.body, request.principal!.scope),
  );

  app.delete(
    '/roadmaps/:id',
    {
      config: { access: remove },
      schema: { tags, summary: 'Delete a roadmap', params: ZIdParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteRoadmap(ctx.db, request.params.id, request.principal!.scope);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/my-roadmap',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          "The roadmap of the learner's branch and authorization: each course finished, in progress or not studied, and locked or not",
        response: { 200: ZMyRoadmapAnswer, ...errors },
      },
    },
    async (request) => ({ roadmap: await myRoadmap(ctx.db, ctx.learnerProgress, principalId(request)) }),
  );
};
