import {
  LIMITS,
  ZConfirmQuery,
  ZCourse,
  ZCourseForm,
  ZCourseListItem,
  ZCourseListQuery,
  ZCoursePage,
  ZFeaturedCourses,
  ZFeaturedQuery,
  ZIdParam,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setTotal } from '../../platform/http/pagination';
import type { FileRule } from '../../platform/uploads/checks';
import { readForm } from '../../platform/uploads/multipart';
import { createCourse, deleteCourse, listCourses, updateCourse } from './course-service';
import type { CourseRouteOptions } from './learner-progress';
import { lessonRoutes } from './lesson-routes';
import { coursePage, coursesOfService, featuredCourses, getCourse } from './read';
import { errors, uploadErrors } from './schemas';
import { topicRoutes } from './topic-routes';

const image: FileRule = { kind: 'image', maxBytes: LIMITS.imageBytes, fit: 1600 };
const courseForm = { fields: ZCourseForm, files: { image } };

const formTypes = ['multipart/form-data', 'application/json'];
const tags = ['courses'];

/** Courses: the public course pages (SPEC §7) and course authoring (COURSE_MANAGEMENT). */
export const courseRoutes: FastifyPluginAsyncZod<CourseRouteOptions> = async (app, ctx) => {
  app.get(
    '/course',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Featured courses for the home page (required=true); every course otherwise',
        querystring: ZFeaturedQuery,
        response: { 200: ZFeaturedCourses, ...errors },
      },
    },
    async (request) => ({
      data: { content: await featuredCourses(ctx.db, request.query.required === 'true') },
    }),
  );

  app.get(
    '/courses/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'The course page: the course and its outline (visitors too)',
        params: ZIdParam,
        response: { 200: ZCoursePage, ...errors },
      },
    },
    async (request) => coursePage(ctx.db, request.params.id),
  );

  app.get(
    '/coursesbyid/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'One course, without its outline',
        params: ZIdParam,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => getCourse(ctx.db, request.params.id),
  );

  app.get(
    '/coursesbytrademark/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'The courses of one service (trademark)',
        params: ZIdParam,
        response: { 200: z.array(ZCourse), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await coursesOfService(ctx.db, request.params.id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/courses',
    {
      config: { access: { permission: 'COURSE_MANAGEMENT', denied: 'view courses' } },
      schema: {
        tags,
        summary:
          'Course management list: paged, q searches the name, serviceId filters; with topic and lesson counts and whether learners have progress',
        querystring: ZCourseListQuery,
        response: { 200: z.array(ZCourseListItem), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listCourses(ctx.db, ctx.learnerProgress, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.post(
    '/courses',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'ADD_COURSE_MANAGEMENT', denied: 'add courses' },
      },
      schema: {
        tags,
        summary: 'Add a course (multipart: fields of ZCourseForm, file in image)',
        consumes: formTypes,
        response: { 201: ZCourse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, courseForm);
      return reply.status(201).send(await createCourse(ctx.db, ctx.storage, form.fields, form.files));
    },
  );

  app.put(
    '/courses/:id',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'EDIT_COURSE_MANAGEMENT', denied: 'edit courses' },
      },
      schema: {
        tags,
        summary: 'Edit a course (multipart; a new image replaces the old one, removeImage clears it)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZCourse, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, courseForm);
      return updateCourse(ctx.db, ctx.storage, request.log, request.params.id, form.fields, form.files);
    },
  );

  app.delete(
    '/courses/:id',
    {
      config: {
        access: {
          permission: 'COURSE_MANAGEMENT',
          action: 'DELETE_COURSE_MANAGEMENT',
          denied: 'delete courses',
        },
      },
      schema: {
        tags,
        summary:
          'Delete a course with its topics, lessons and progress (confirm=true when learners started it)',
        params: ZIdParam,
        querystring: ZConfirmQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const confirmed = request.query.confirm === 'true';
      await deleteCourse(ctx.db, ctx.storage, request.log, ctx.learnerProgress, request.params.id, confirmed);
      return reply.status(204).send(null);
    },
  );

  await app.register(topicRoutes, ctx);
  await app.register(lessonRoutes, ctx);
};
