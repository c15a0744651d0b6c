import { PassThrough } from 'node:stream';
import {
  ZApiError,
  ZXapiStatementExportQuery,
  ZXapiStatementQuery,
  ZXapiStatementRow,
} from '@academy/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import {
  checkStatementFilters,
  listStatementRows,
  writeStatementsJson,
  writeStatementsWorkbook,
} from './statement-report';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['xapi'];
const access = { admin: true, denied: 'read the learning record store' } as const;

/** The statements report: administrators list and export what the learning record store holds. */
export const xapiReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/xapi/statements',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Stored statements, newest first (voided ones left out); filters: actor (employee code, email or agent JSON), verb, activity (IRIs), since/until (stored, ISO 8601). x-total-count counts up to 10,000; x-total-more: true when more match',
        querystring: ZXapiStatementQuery,
        response: { 200: z.array(ZXapiStatementRow), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total, more } = await listStatementRows(ctx.db, ctx.config.publicUrl, request.query);
      setTotal(reply, total);
      // x-total-count stops at 10,000 (decision 156); this says that more match.
      if (more) reply.header('x-total-more', 'true');
      return rows;
    },
  );

  app.get(
    '/xapi/statements/export',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'The filtered statements, streamed: an Excel workbook (format=xlsx, a row each) or the statements as stored (format=json, an array); at most 100,000',
        querystring: ZXapiStatementExportQuery,
        produces: [XLSX_TYPE, 'application/json'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const publicUrl = ctx.config.publicUrl;
      checkStatementFilters(filter, publicUrl);
      const out = new PassThrough();
      const write = format === 'json' ? writeStatementsJson : writeStatementsWorkbook;
      write(ctx.db, publicUrl, filter, out).catch((err) => {
        request.log.error({ err }, 'statements export failed');
        out.destroy(err);
      });
      const day = new Date().toISOString().slice(0, 10);
      // A stream bypasses the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', format === 'json' ? 'application/json; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', `xapi-statements-${day}.${format}`))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
};
