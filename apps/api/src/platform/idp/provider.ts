import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { IdpAccounts } from './accounts';
import { scheduleIdpCleanup } from './cleanup';
import { createProvider, IDP_PREFIX } from './configuration';
import { interactionRoutes } from './interactions';
import type { IdpSecrets } from './keys';
import { userinfoRoutes } from './userinfo';

/**
 * Mounts the embedded OpenID provider at /idp. oidc-provider (a Koa app) answers every /idp path
 * except ours: the sign-in interaction, /idp/register and /idp/me, which are plain Fastify routes.
 * The users are the users module's (`accounts`, handed in by app.ts).
 */
export async function registerIdp(
  app: FastifyInstance,
  ctx: AppContext,
  secrets: IdpSecrets,
  accounts: IdpAccounts,
): Promise<void> {
  const provider = createProvider(ctx, secrets, accounts);
  const callback = provider.callback();

  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // Koa sees paths relative to the mount point; `originalUrl` tells it where it is mounted.
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const url = req.url ?? IDP_PREFIX;
      req.originalUrl = url;
      const inner = url.slice(IDP_PREFIX.length);
      req.url = inner.startsWith('/') ? inner : `/${inner}`;
      await callback(req, reply.raw);
    };
    scope.all(IDP_PREFIX, handler);
    scope.all(`${IDP_PREFIX}/*`, handler);
  });

  await app.register(interactionRoutes, { provider, ctx, accounts });
  await app.register(userinfoRoutes, { ctx, secrets, accounts });
  scheduleIdpCleanup(app, ctx.db);
}
