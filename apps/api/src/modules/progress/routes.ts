import { PassThrough } from 'node:stream';
import {
  ZApiError,
  ZIdParam,
  ZLearnerProgress,
  ZLoginEntry,
  ZLoginHistoryQuery,
  ZMyProgress,
  ZProgressFilters,
  ZProgressListQuery,
  ZProgressRow,
  ZProgressSummary,
  ZTranscriptQuery,
} from '@academy/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import { loginHistoryOf } from '../users';
import { exportFileName, writeProgressWorkbook, XLSX_TYPE } from './export';
import { learnerProgress, listProgress, myProgress, progressSummary } from './service';
import { transcriptFileName, transcriptOf } from './transcript';
import { transcriptPdf } from './transcript-pdf';
import { transcriptWorkbook } from './transcript-xlsx';

const PDF_TYPE = 'application/pdf';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['progress'];
const view = { permission: 'PROGRESS_MANAGEMENT', denied: 'view progress' } as const;

function principalId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

export type ProgressRouteOptions = AppContext & {
  /** The academy's clock (platform/clock.ts): whether certificates of earlier cycles are still valid. */
  clock: Clock;
};

/** Progress management (PROGRESS_MANAGEMENT) and the learner's own progress. */
export const progressRoutes: FastifyPluginAsyncZod<ProgressRouteOptions> = async (app, ctx) => {
  app.get(
    '/progress',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          'Learners in courses (started, or on their roadmap) with percent and status; filters: q, service, branch, department, course, status, from/to',
        querystring: ZProgressListQuery,
        response: { 200: z.array(ZProgressRow), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listProgress(ctx.db, {
        ...request.query,
        within: request.principal!.scope,
      });
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/progress/summary',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          'The dashboard for the same filters: rows per status, completion rate, exam pass rate per course',
        querystring: ZProgressFilters,
        response: { 200: ZProgressSummary, ...errors },
      },
    },
    async (request) => progressSummary(ctx.db, { ...request.query, within: request.principal!.scope }),
  );

  app.get(
    '/progress/export',
    {
      config: { access: { ...view, denied: 'export progress' } },
      schema: {
        tags,
        summary: 'The filtered report as an Excel workbook (.xlsx), streamed',
        querystring: ZProgressFilters,
        produces: [XLSX_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      writeProgressWorkbook(
        ctx.db,
        { ...request.query, within: request.principal!.scope },
        out,
        ctx.config.timeZone,
      ).catch((err) => {
        request.log.error({ err }, 'progress export failed');
        out.destroy(err);
      });
      // A stream bypasses the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', exportFileName()))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  app.get(
    '/progress/users/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "A learner's courses with lessons (time viewed, status), exam attempts and locks, and earlier cycles of recertified courses",
        params: ZIdParam,
        response: { 200: ZLearnerProgress, ...errors },
      },
    },
    async (request) => learnerProgress(ctx.db, request.params.id, ctx.clock(), request.principal!.scope),
  );

  app.get(
    '/progress/users/:id/login-history',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "A learner's sign-ins, newest first",
        params: ZIdParam,
        querystring: ZLoginHistoryQuery,
        response: { 200: z.array(ZLoginEntry), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await loginHistoryOf(
        ctx.db,
        request.params.id,
        request.query,
        request.principal!.scope,
      );
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/my-progress',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          'My courses with percent and lessons, my exam results, and earlier cycles of recertified courses',
        response: { 200: ZMyProgress, ...errors },
      },
    },
    async (request) => myProgress(ctx.db, principalId(request), ctx.clock()),
  );

  app.get(
    '/my-transcript',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          'My transcript as a file (format pdf, the default, or xlsx): courses and lessons passed with dates, exam best marks, study time, certificates with their verify codes',
        querystring: ZTranscriptQuery,
        produces: [PDF_TYPE, XLSX_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { publicUrl, timeZone } = ctx.config;
      const transcript = await transcriptOf(ctx.db, principalId(request), { publicUrl, timeZone });
      const bytes = format === 'pdf' ? await transcriptPdf(transcript) : await transcriptWorkbook(transcript);
      const name = transcriptFileName(
        transcript.learner.employeeCode,
        format,
        transcript.producedAt,
        timeZone,
      );
      // Bytes bypass the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', format === 'pdf' ? PDF_TYPE : XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};
