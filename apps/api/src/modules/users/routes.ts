import { ZApiError, ZChangePassword, ZCurrentUser } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { accountRoutes } from './account-routes';
import { usersAdminRoutes } from './admin-routes';
import { userImportRoutes } from './import-routes';
import { assertPasswordsAreOurs } from './recovery';
import { recoveryRoutes } from './recovery-routes';
import { changePassword, currentUser } from './service';

export const usersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/users/info',
    {
      config: { access: { signedIn: true, allowTemporaryPassword: true } },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: ZCurrentUser, 401: ZApiError },
      },
    },
    async (request) => currentUser(request.principal!),
  );

  app.put(
    '/users/change-password',
    {
      config: { access: { signedIn: true, allowTemporaryPassword: true } },
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in user’s password (409 when the external provider keeps passwords)',
        body: ZChangePassword,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      assertPasswordsAreOurs(ctx.config);
      await changePassword(ctx.db, request.principal!, request.body);
      return reply.status(204).send(null);
    },
  );

  await app.register(accountRoutes, ctx);
  await app.register(recoveryRoutes, ctx);
  await app.register(userImportRoutes, ctx);
  await app.register(usersAdminRoutes, ctx);
};
