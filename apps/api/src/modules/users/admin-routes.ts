import { PassThrough } from 'node:stream';
import {
  ZApiError,
  ZIdParam,
  ZUserAccessInput,
  ZUserBulkAction,
  ZUserBulkResult,
  ZUserCreate,
  ZUserDetail,
  ZUserListItem,
  ZUserListQuery,
  ZUserUpdate,
} from '@academy/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { noteAudit, noteAuditEach } from '../../platform/http/audit-trail';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import { createUser, deleteUser, getUserDetail, setUserAccess, updateUser } from './admin';
import { bulkUpdateUsers } from './bulk';
import { exportFileName, exportSort, writeUsersWorkbook, XLSX_TYPE } from './export';
import { listUsers } from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** User management — USER_MANAGEMENT. */
export const usersAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/users',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'view users' } },
      schema: {
        tags: ['users'],
        summary: 'Users, searchable and filterable, one page at a time',
        querystring: ZUserListQuery,
        response: { 200: z.array(ZUserListItem), 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listUsers(ctx.db, { ...request.query, within: request.principal!.scope });
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/users/export',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'export users' } },
      schema: {
        tags: ['users'],
        summary:
          'Every user matching the filters, in the list’s sort order, as an Excel workbook (.xlsx), streamed',
        querystring: ZUserListQuery.omit({ page: true, size: true }),
        produces: [XLSX_TYPE],
        response: { 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      // A bad sort is answered 400 before the stream starts.
      exportSort(request.query.sort);
      const out = new PassThrough();
      writeUsersWorkbook(ctx.db, { ...request.query, within: request.principal!.scope }, out).catch((err) => {
        request.log.error({ err }, 'users export failed');
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

  app.post(
    '/users/bulk',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'edit users' } },
      schema: {
        tags: ['users'],
        summary:
          'Stop or allow access, move to a department, or give an authorization to the chosen users (ids, or every user matching the filters): all or none',
        body: ZUserBulkAction,
        response: { 200: ZUserBulkResult, ...errors },
      },
    },
    async (request) => {
      const changes = await bulkUpdateUsers(ctx.db, request.principal!, request.body);
      noteAuditEach(
        request,
        changes.map((change) => ({
          entityId: change.id,
          action: request.body.action === 'stop' || request.body.action === 'allow' ? 'access' : 'update',
          before: change.before,
          after: change.after,
        })),
      );
      return { updated: changes.length };
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'view users' } },
      schema: {
        tags: ['users'],
        summary: 'One user with every field',
        params: ZIdParam,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => getUserDetail(ctx.db, request.params.id, request.principal!.scope),
  );

  app.post(
    '/users',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'add users' } },
      schema: {
        tags: ['users'],
        summary: 'Add a user with a temporary password (they choose their own at first sign-in)',
        body: ZUserCreate,
        response: { 201: ZUserDetail, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createUser(ctx.db, request.principal!, request.body);
      noteAudit(request, { entityId: created.id, after: created });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'edit users' } },
      schema: {
        tags: ['users'],
        summary: 'Edit a user; a non-empty password resets it to a new temporary one',
        params: ZIdParam,
        body: ZUserUpdate,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => {
      const before = await getUserDetail(ctx.db, request.params.id, request.principal!.scope);
      const after = await updateUser(ctx.db, request.principal!, request.params.id, request.body);
      noteAudit(request, { before, after });
      return after;
    },
  );

  app.patch(
    '/users/:id/access',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'edit users' } },
      schema: {
        tags: ['users'],
        summary: 'Stop or allow a user; a stopped user’s tokens stop working at once',
        params: ZIdParam,
        body: ZUserAccessInput,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => {
      const before = await getUserDetail(ctx.db, request.params.id, request.principal!.scope);
      const after = await setUserAccess(ctx.db, request.principal!, request.params.id, request.body.access);
      noteAudit(request, { action: 'access', before, after });
      return after;
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: { permission: 'USER_MANAGEMENT', denied: 'delete users' } },
      schema: {
        tags: ['users'],
        summary: 'Delete a user without learning records (not yourself)',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const before = await getUserDetail(ctx.db, request.params.id, request.principal!.scope);
      await deleteUser(ctx.db, ctx.storage, request.log, request.principal!, request.params.id);
      noteAudit(request, { before, after: null });
      return reply.status(204).send(null);
    },
  );
};
