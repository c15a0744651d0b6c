import {
  ZApiError,
  ZAuthorization,
  ZAuthorizationInput,
  ZAuthorizationListQuery,
  ZAuthorizationOption,
  ZIdParam,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { setTotal } from '../../platform/http/pagination';
import type { PlacedUsers } from '../org';
import {
  authorizationOptions,
  createAuthorization,
  deleteAuthorization,
  getAuthorization,
  listAuthorizations,
  updateAuthorization,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Authorizations (roles) — PERMISSION_MANAGEMENT; their names are readable by anyone signed in. */
export const authorizationsRoutes: FastifyPluginAsyncZod<AppContext & { placedUsers: PlacedUsers }> = async (
  app,
  ctx,
) => {
  app.get(
    '/authorizations',
    {
      config: { access: { permission: 'PERMISSION_MANAGEMENT', denied: 'view authorizations' } },
      schema: {
        tags: ['authorizations'],
        summary: 'Authorizations with their keys, one page at a time (q, serviceId, branchId, sort=id|name)',
        querystring: ZAuthorizationListQuery,
        response: { 200: z.array(ZAuthorization), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAuthorizations(ctx.db, ctx.placedUsers, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/authorizations/options',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['authorizations'],
        summary: 'Id and name of every authorization, for pickers (user form, filters)',
        response: { 200: z.array(ZAuthorizationOption), ...errors },
      },
    },
    async () => authorizationOptions(ctx.db),
  );

  app.get(
    '/authorizations/:id',
    {
      config: { access: { permission: 'PERMISSION_MANAGEMENT', denied: 'view authorizations' } },
      schema: {
        tags: ['authorizations'],
        summary: 'One authorization',
        params: ZIdParam,
        response: { 200: ZAuthorization, ...errors },
      },
    },
    async (request) => getAuthorization(ctx.db, ctx.placedUsers, request.params.id),
  );

  app.post(
    '/authorizations',
    {
      config: { access: { permission: 'PERMISSION_MANAGEMENT', denied: 'add authorization' } },
      schema: {
        tags: ['authorizations'],
        summary: 'Add an authorization tied to a service or a branch',
        body: ZAuthorizationInput,
        response: { 201: ZAuthorization, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAuthorization(ctx.db, ctx.placedUsers, request.principal!, request.body)),
  );

  app.put(
    '/authorizations/:id',
    {
      config: { access: { permission: 'PERMISSION_MANAGEMENT', denied: 'edit authorization' } },
      schema: {
        tags: ['authorizations'],
        summary: 'Edit an authorization; the change applies to its users at once',
        params: ZIdParam,
        body: ZAuthorizationInput,
        response: { 200: ZAuthorization, ...errors },
      },
    },
    async (request) =>
      updateAuthorization(ctx.db, ctx.placedUsers, request.principal!, request.params.id, request.body),
  );

  app.delete(
    '/authorizations/:id',
    {
      config: { access: { permission: 'PERMISSION_MANAGEMENT', denied: 'delete authorization' } },
      schema: {
        tags: ['authorizations'],
        summary: 'Delete an authorization; refused while users hold it',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAuthorization(ctx.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
