import { ZConfirmQuery, ZIdParam, ZReorderInput, ZTopic, ZTopicInput } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setTotal } from '../../platform/http/pagination';
import type { CourseRouteOptions } from './learner-progress';
import { errors } from './schemas';
import { createTopic, deleteTopic, listTopics, reorderTopics, updateTopic } from './topic-service';

const tags = ['courses'];

/** Topics of a course (COURSE_MANAGEMENT; ADD_/EDIT_/DELETE_COURSE_MANAGEMENT for changes). */
export const topicRoutes: FastifyPluginAsyncZod<CourseRouteOptions> = async (app, ctx) => {
  app.get(
    '/courses/:id/topics',
    {
      config: { access: { permission: 'COURSE_MANAGEMENT', denied: 'view topics' } },
      schema: {
        tags,
        summary: 'The topics of a course, in order, with lesson counts',
        params: ZIdParam,
        response: { 200: z.array(ZTopic), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await listTopics(ctx.db, request.params.id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.post(
    '/courses/:id/topics',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'ADD_COURSE_MANAGEMENT', denied: 'add topics' },
      },
      schema: {
        tags,
        summary: 'Add a topic at the end of a course',
        params: ZIdParam,
        body: ZTopicInput,
        response: { 201: ZTopic, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTopic(ctx.db, request.params.id, request.body.name)),
  );

  app.put(
    '/courses/:id/topics/order',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'EDIT_COURSE_MANAGEMENT', denied: 'edit topics' },
      },
      schema: {
        tags,
        summary: "Reorder a course's topics: every topic id once, in the new order",
        params: ZIdParam,
        body: ZReorderInput,
        response: { 200: z.array(ZTopic), ...errors },
      },
    },
    async (request) => reorderTopics(ctx.db, request.params.id, request.body.ids),
  );

  app.put(
    '/topics/:id',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'EDIT_COURSE_MANAGEMENT', denied: 'edit topics' },
      },
      schema: {
        tags,
        summary: 'Rename a topic',
        params: ZIdParam,
        body: ZTopicInput,
        response: { 200: ZTopic, ...errors },
      },
    },
    async (request) => updateTopic(ctx.db, request.params.id, request.body.name),
  );

  app.delete(
    '/topics/:id',
    {
      config: {
        access: {
          permission: 'COURSE_MANAGEMENT',
          action: 'DELETE_COURSE_MANAGEMENT',
          denied: 'delete topics',
        },
      },
      schema: {
        tags,
        summary: 'Delete a topic with its lessons (confirm=true when learners started it)',
        params: ZIdParam,
        querystring: ZConfirmQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const confirmed = request.query.confirm === 'true';
      await deleteTopic(ctx.db, ctx.storage, request.log, ctx.learnerProgress, request.params.id, confirmed);
      return reply.status(204).send(null);
    },
  );
};
