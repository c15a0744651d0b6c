import { PassThrough } from 'node:stream';
import { ZApiError, ZAuditEvent, ZAuditEventQuery, ZAuditFilters } from '@academy/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import { listAuditEvents, writeAuditWorkbook } from './service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['audit'];

/** The audit log: administrators read and export it; no route changes or deletes an event. */
export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/audit-events',
    {
      config: { access: { admin: true, denied: 'view the audit log' } },
      schema: {
        tags,
        summary:
          'Audit events, newest first; filters: actor (employee code), entity, action, from/to (UTC days)',
        querystring: ZAuditEventQuery,
        response: { 200: z.array(ZAuditEvent), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAuditEvents(ctx.db, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/audit-events/export',
    {
      config: { access: { admin: true, denied: 'export the audit log' } },
      schema: {
        tags,
        summary: 'The filtered audit events as an Excel workbook (.xlsx), streamed',
        querystring: ZAuditFilters,
        produces: [XLSX_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      writeAuditWorkbook(ctx.db, request.query, out).catch((err) => {
        request.log.error({ err }, 'audit export failed');
        out.destroy(err);
      });
      const day = new Date().toISOString().slice(0, 10);
      // A stream bypasses the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', `audit-log-${day}.xlsx`))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
};
