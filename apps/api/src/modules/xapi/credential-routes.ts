import { ZApiError, ZXapiCredential, ZXapiCredentialCreated, ZXapiCredentialInput } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { createCredential, listCredentials, revokeCredential } from './credentials';
import { XAPI_PREFIX } from './lrs-routes';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['xapi'];

/** Administrators make, list and revoke the keys other systems use to reach the LRS. */
export const xapiCredentialRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    '/xapi/credentials',
    {
      config: { access: { admin: true, denied: 'manage the learning record store keys' } },
      schema: {
        tags,
        summary: 'Make a key and secret for the learning record store (the secret is shown only here)',
        body: ZXapiCredentialInput,
        response: { 201: ZXapiCredentialCreated, ...errors },
      },
    },
    async (request, reply) => {
      const made = await createCredential(ctx.db, {
        name: request.body.name,
        canRead: request.body.read,
        canWrite: request.body.write,
        createdBy: request.principal?.id ?? null,
      });
      return reply.status(201).send({ ...made, endpoint: `${ctx.config.publicUrl}${XAPI_PREFIX}/` });
    },
  );

  app.get(
    '/xapi/credentials',
    {
      config: { access: { admin: true, denied: 'manage the learning record store keys' } },
      schema: {
        tags,
        summary: 'The keys that reach the learning record store',
        response: { 200: z.array(ZXapiCredential), ...errors },
      },
    },
    async () =>
      (await listCredentials(ctx.db)).map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name,
        read: row.canRead,
        write: row.canWrite,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      })),
  );

  app.delete(
    '/xapi/credentials/:id',
    {
      config: { access: { admin: true, denied: 'manage the learning record store keys' } },
      schema: {
        tags,
        summary: 'Revoke a key: it stops working at once',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 204: z.null(), 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await revokeCredential(ctx.db, request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
