import {
  STUDY_TIMING,
  ZApiError,
  ZCoursePercent,
  ZHeartbeat,
  ZHeartbeatResult,
  ZIdParam,
  ZLessonContent,
  ZLessonProgress,
  ZMyCourse,
  ZMyLesson,
  ZMyLessonsQuery,
  ZMyThematic,
  ZMyThematicsQuery,
} from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { lessonContent, myLessons, myThematics } from './learner';
import { myCourseHistory, myCoursePercent, myCourses } from './my-courses';
import { openLesson, recordHeartbeat } from './progress';
import { type StudySettings, systemClock } from './rules';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['study'];
const signedIn = { access: { signedIn: true } } as const;

/** The signed-in learner's id (the guard has already refused anonymous calls). */
function learnerId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

/** The learner's side (SPEC §7 paths): my courses, topics, lessons, heartbeats. Signed in. */
export const studyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const settings: StudySettings = {
    maxCreditPerHeartbeatSeconds: STUDY_TIMING.maxCreditPerHeartbeatSeconds,
    viewingStaleSeconds: STUDY_TIMING.viewingStaleSeconds,
    tabLeaveLimit: ctx.config.study.tabLeaveLimit,
  };
  const clock = systemClock;

  app.get(
    '/my-courses',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'My courses: the courses I started (opened a lesson of), with percent, most recently studied first',
        response: { 200: z.array(ZMyCourse), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await myCourses(ctx.db, learnerId(request));
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/my-courses/course-percent/:courseId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Passed lessons / lessons of one course',
        params: z.object({ courseId: ZIdParam.shape.id }),
        response: { 200: ZCoursePercent, ...errors },
      },
    },
    async (request) => myCoursePercent(ctx.db, learnerId(request), request.params.courseId),
  );

  app.get(
    '/my-courses/history',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Courses I finished, most recent first',
        response: { 200: z.array(ZMyCourse), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await myCourseHistory(ctx.db, learnerId(request));
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/my-thematics',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The topics of a course with my state (open, passed lessons)',
        querystring: ZMyThematicsQuery,
        response: { 200: z.array(ZMyThematic), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await myThematics(ctx.db, learnerId(request), request.query.course_id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/my-lessons',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The lessons of a topic with lock state, status and credited time',
        querystring: ZMyLessonsQuery,
        response: { 200: z.array(ZMyLesson), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await myLessons(ctx.db, learnerId(request), request.query.thematic_id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/lessons/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'A lesson to study; its video and documents only when it is unlocked',
        params: ZIdParam,
        response: { 200: ZLessonContent, ...errors },
      },
    },
    async (request) => lessonContent(ctx.db, learnerId(request), request.params.id),
  );

  app.put(
    '/user-lesson/time-viewed',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Player heartbeat: credits study time (server clock), answers rewinds and other tabs',
        body: ZHeartbeat,
        response: { 200: ZHeartbeatResult, ...errors },
      },
    },
    async (request) =>
      recordHeartbeat(ctx.db, ctx.events, settings, learnerId(request), request.body, clock()),
  );

  app.post(
    '/user-lesson/update-status/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'I open lesson {id}: starts studying it and re-evaluates its status',
        params: ZIdParam,
        response: { 200: ZLessonProgress, ...errors },
      },
    },
    async (request) => openLesson(ctx.db, ctx.events, learnerId(request), request.params.id, clock()),
  );
};
