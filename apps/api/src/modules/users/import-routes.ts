import {
  USER_IMPORT_MAX_BYTES,
  ZApiError,
  ZUserImportQuery,
  ZUserImportResult,
  ZUserImportTemplateQuery,
} from '@academy/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { noteAuditEach } from '../../platform/http/audit-trail';
import { contentDisposition } from '../../platform/storage/serve';
import { readUploadedFile } from '../../platform/uploads/small-file';
import { importUsers } from './import';
import { CSV_TYPE, importTemplate, XLSX_TYPE } from './import-sheet';
import { sendWelcomeMails } from './recovery';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 413: ZApiError };

/** User import from the HR system's spreadsheet (USER_MANAGEMENT), issue 20. */
export const userImportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/users/import/template',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'add users' } },
      schema: {
        tags: ['users'],
        summary: 'An empty import file with the users export’s headers (.xlsx with instructions, or .csv)',
        querystring: ZUserImportTemplateQuery,
        produces: [XLSX_TYPE, CSV_TYPE],
        response: errors,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      // A file bypasses the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', format === 'csv' ? CSV_TYPE : XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', `users-import-template.${format}`))
        .send(await importTemplate(format));
    },
  );

  app.post(
    '/users/import',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'add users' } },
      schema: {
        tags: ['users'],
        summary:
          'Check (dryRun=true, the default) or apply an .xlsx or .csv of users: rows matched by employee code are created, updated or unchanged; errors by row and column; applied in one transaction only without errors',
        querystring: ZUserImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ZUserImportResult, ...errors },
      },
    },
    async (request) => {
      const { data } = await readUploadedFile(request, USER_IMPORT_MAX_BYTES);
      const apply = request.query.dryRun === 'false';
      const { createdUsers, changes, ...result } = await importUsers(ctx.db, request.principal!, data, {
        apply,
      });
      // A check changes nothing, so it leaves no audit event; an applied import one per user.
      noteAuditEach(
        request,
        changes.map((change) => ({
          entityId: change.id,
          action: change.before ? 'update' : 'create',
          before: change.before,
          after: change.after,
        })),
      );
      if (request.query.welcome === 'true' && createdUsers.length > 0) {
        // Many mails take a while: they go out after the answer, each failure logged.
        void sendWelcomeMails(ctx.db, ctx.mailer, request.log, createdUsers).catch((err) =>
          request.log.error({ err }, 'welcome mails failed'),
        );
      }
      return result;
    },
  );
};
