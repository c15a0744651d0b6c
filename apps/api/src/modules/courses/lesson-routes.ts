import {
  ZApiError,
  ZConfirmQuery,
  ZIdParam,
  ZLesson,
  ZLessonDocument,
  ZLessonInput,
  ZReorderInput,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setTotal } from '../../platform/http/pagination';
import { addLessonDocument, deleteLessonDocument, readDocumentUpload } from './documents';
import type { CourseRouteOptions } from './learner-progress';
import {
  createLesson,
  deleteLesson,
  getLesson,
  listLessons,
  reorderLessons,
  updateLesson,
} from './lesson-service';
import { errors } from './schemas';

const tags = ['courses'];
const edit = {
  permission: 'COURSE_MANAGEMENT',
  action: 'EDIT_COURSE_MANAGEMENT',
  denied: 'edit lessons',
} as const;

/** Lessons of a topic and their documents (COURSE_MANAGEMENT; action keys for changes). */
export const lessonRoutes: FastifyPluginAsyncZod<CourseRouteOptions> = async (app, ctx) => {
  app.get(
    '/topics/:id/lessons',
    {
      config: { access: { permission: 'COURSE_MANAGEMENT', denied: 'view lessons' } },
      schema: {
        tags,
        summary: 'The lessons of a topic, in order, with their videos and documents',
        params: ZIdParam,
        response: { 200: z.array(ZLesson), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await listLessons(ctx.db, request.params.id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/lessons/:id/edit',
    {
      config: { access: { permission: 'COURSE_MANAGEMENT', denied: 'view lessons' } },
      schema: {
        tags,
        summary: 'One lesson as its authors see it (the lesson form)',
        params: ZIdParam,
        response: { 200: ZLesson, ...errors },
      },
    },
    async (request) => getLesson(ctx.db, request.params.id),
  );

  app.post(
    '/topics/:id/lessons',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'ADD_COURSE_MANAGEMENT', denied: 'add lessons' },
      },
      schema: {
        tags,
        summary: 'Add a lesson at the end of a topic',
        params: ZIdParam,
        body: ZLessonInput,
        response: { 201: ZLesson, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLesson(ctx.db, request.params.id, request.body)),
  );

  app.put(
    '/topics/:id/lessons/order',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: "Reorder a topic's lessons: every lesson id once, in the new order",
        params: ZIdParam,
        body: ZReorderInput,
        response: { 200: z.array(ZLesson), ...errors },
      },
    },
    async (request) => reorderLessons(ctx.db, request.params.id, request.body.ids),
  );

  app.put(
    '/lessons/:id',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Edit a lesson (topicId moves it to another topic of the same course)',
        params: ZIdParam,
        body: ZLessonInput,
        response: { 200: ZLesson, ...errors },
      },
    },
    async (request) => updateLesson(ctx.db, request.params.id, request.body),
  );

  app.delete(
    '/lessons/:id',
    {
      config: {
        access: {
          permission: 'COURSE_MANAGEMENT',
          action: 'DELETE_COURSE_MANAGEMENT',
          denied: 'delete lessons',
        },
      },
      schema: {
        tags,
        summary: 'Delete a lesson with its documents (confirm=true when learners started it)',
        params: ZIdParam,
        querystring: ZConfirmQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const confirmed = request.query.confirm === 'true';
      await deleteLesson(ctx.db, ctx.storage, request.log, ctx.learnerProgress, request.params.id, confirmed);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/lessons/:id/documents',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Attach a document to a lesson (multipart, field file): pdf, doc/docx, xls/xlsx, ppt/pptx',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 201: ZLessonDocument, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request, reply) => {
      const upload = await readDocumentUpload(request);
      return reply.status(201).send(await addLessonDocument(ctx.db, ctx.storage, request.params.id, upload));
    },
  );

  app.delete(
    '/lesson-documents/:id',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Remove a document from its lesson',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLessonDocument(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
