import { PassThrough } from 'node:stream';
import {
  ZApiError,
  ZAssignment,
  ZAssignmentCreated,
  ZAssignmentInput,
  ZAssignmentListQuery,
  ZAssignmentPeopleQuery,
  ZAssignmentPerson,
  ZCalendarLink,
  ZCompliance,
  ZComplianceQuery,
  ZIdParam,
  ZMyAssignment,
  ZMyReminder,
} from '@academy/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { notFound, unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import { calendarFeed, calendarToken, calendarUrl, regenerateCalendarToken } from './calendar';
import type { AssignmentClock } from './clock';
import { complianceView } from './compliance';
import { COMPLIANCE_XLSX_TYPE, complianceFileName, writeComplianceWorkbook } from './compliance-export';
import type { AssignmentProgress } from './progress-port';
import { myReminders } from './reminders';
import {
  assignmentPeopleList,
  createAssignment,
  deleteAssignment,
  getAssignment,
  listAssignments,
  myAssignments,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['assignments'];

const view = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'view assignments' } as const;
const add = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'add assignments' } as const;
const remove = { permission: 'LEARNING_PATH_MANAGEMENT', denied: 'delete assignments' } as const;
/** The compliance view is the progress managers' (decision 106). */
const compliance = { permission: 'PROGRESS_MANAGEMENT', denied: 'view compliance' } as const;

function viewer(request: FastifyRequest) {
  const principal = request.principal;
  if (!principal) throw unauthorized();
  return { id: principal.id, scope: principal.scope };
}

export type AssignmentRouteOptions = AppContext & {
  assignmentProgress: AssignmentProgress;
  clock: AssignmentClock;
  /**
   * Opens the learner's recertification cycles whose window has opened (decision 105), so "Assigned
   * to me" shows them at once rather than after the next pass (the recertification module's, passed
   * in by app.ts: it sits above this one).
   */
  openDueCycles?: (userId: number, now: Date) => Promise<unknown>;
};

/** Compliance assignments (issue 24): management (LEARNING_PATH_MANAGEMENT, scoped) and the learner's. */
export const assignmentRoutes: FastifyPluginAsyncZod<AssignmentRouteOptions> = async (app, ctx) => {
  const settings = { timeZone: ctx.config.timeZone, progress: ctx.assignmentProgress };

  app.post(
    '/assignments',
    {
      config: { access: add },
      schema: {
        tags,
        summary:
          'Assign a course or a roadmap to the people an audience rule matches, with a fixed or relative due date (a rule matching nobody is kept, with a warning)',
        body: ZAssignmentInput,
        response: { 201: ZAssignmentCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAssignment(ctx.db, settings, request.body, viewer(request), ctx.clock())),
  );

  app.get(
    '/assignments',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Assignments with people in your scope (or made by you), newest first, with state counts',
        querystring: ZAssignmentListQuery,
        response: { 200: z.array(ZAssignment), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAssignments(ctx.db, request.query, viewer(request), ctx.clock());
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/assignments/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'One assignment with its state counts',
        params: ZIdParam,
        response: { 200: ZAssignment, ...errors },
      },
    },
    async (request) => getAssignment(ctx.db, request.params.id, viewer(request), ctx.clock()),
  );

  app.delete(
    '/assignments/:id',
    {
      config: { access: remove },
      schema: {
        tags,
        summary: 'Delete an assignment (its people and reminders go with it)',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAssignment(ctx.db, request.params.id, viewer(request), ctx.clock());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/assignments/:id/people',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "The assignment's people in your scope with due date and state, unfinished first by due date",
        params: ZIdParam,
        querystring: ZAssignmentPeopleQuery,
        response: { 200: z.array(ZAssignmentPerson), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await assignmentPeopleList(
        ctx.db,
        request.params.id,
        request.query,
        viewer(request),
        ctx.clock(),
      );
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/compliance',
    {
      config: { access: compliance },
      schema: {
        tags: ['compliance'],
        summary:
          'Compliance of the people in your scope: per assignment, branch and department, done, in progress, not started, overdue, due soon and certificates expiring soon, as counts and percents',
        querystring: ZComplianceQuery,
        response: { 200: ZCompliance, ...errors },
      },
    },
    async (request) =>
      complianceView(
        ctx.db,
        { ...request.query, within: viewer(request).scope },
        ctx.clock(),
        ctx.config.timeZone,
      ),
  );

  app.get(
    '/compliance/export',
    {
      config: { access: { ...compliance, denied: 'export compliance' } },
      schema: {
        tags: ['compliance'],
        summary:
          'The compliance view as an Excel workbook (.xlsx), streamed: per assignment, per branch and department, and every person with state and dates',
        querystring: ZComplianceQuery,
        produces: [COMPLIANCE_XLSX_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      const now = ctx.clock();
      writeComplianceWorkbook(
        ctx.db,
        { ...request.query, within: viewer(request).scope },
        out,
        now,
        ctx.config.timeZone,
      ).catch((err) => {
        request.log.error({ err }, 'compliance export failed');
        out.destroy(err);
      });
      // A stream bypasses the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', COMPLIANCE_XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', complianceFileName(now)))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  app.get(
    '/compliance/assignments/:id/people',
    {
      config: { access: compliance },
      schema: {
        tags: ['compliance'],
        summary:
          "The compliance drill-down: an assignment's people in your scope (and service, branch, department), by state; the same list as assignments/{id}/people",
        params: ZIdParam,
        querystring: ZAssignmentPeopleQuery,
        response: { 200: z.array(ZAssignmentPerson), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await assignmentPeopleList(
        ctx.db,
        request.params.id,
        request.query,
        viewer(request),
        ctx.clock(),
      );
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/my-assignments',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: 'What is assigned to me, with due date and state, most urgent first',
        response: { 200: z.array(ZMyAssignment), ...errors },
      },
    },
    async (request, reply) => {
      const now = ctx.clock();
      await ctx.openDueCycles?.(viewer(request).id, now);
      const rows = await myAssignments(ctx.db, settings, viewer(request).id, now);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/my-assignments/reminders',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: 'The reminder mails sent to me about my assignments, newest first (at most 100)',
        response: { 200: z.array(ZMyReminder), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await myReminders(ctx.db, viewer(request).id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/my-assignments/calendar',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: 'The secret URL of my calendar feed of due dates (made on first use)',
        response: { 200: ZCalendarLink, ...errors },
      },
    },
    async (request) => ({
      url: calendarUrl(ctx.config.publicUrl, await calendarToken(ctx.db, viewer(request).id)),
    }),
  );

  app.post(
    '/my-assignments/calendar',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: 'A new secret URL for my calendar feed; the old one stops working',
        response: { 200: ZCalendarLink, ...errors },
      },
    },
    async (request) => ({
      url: calendarUrl(ctx.config.publicUrl, await regenerateCalendarToken(ctx.db, viewer(request).id)),
    }),
  );

  app.get(
    '/calendar/:token',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'A calendar feed (text/calendar) of the due dates of the secret’s owner; no sign-in',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/) }),
        produces: ['text/calendar'],
        security: [],
        response: { 404: ZApiError },
      },
    },
    async (request, reply) => {
      const feed = await calendarFeed(
        ctx.db,
        request.params.token.replace(/\.ics$/, ''),
        ctx.config.publicUrl,
      );
      if (feed === undefined) throw notFound('This calendar does not exist');
      return (reply as FastifyReply)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(feed);
    },
  );
};
