import { ZPublicConfig } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';

/** Public, unauthenticated facts the web app needs before sign-in. */
export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/config',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['system'],
        summary: 'Sign-in settings for the web app',
        response: { 200: ZPublicConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        oidc: {
          authority: ctx.config.oidc.issuer,
          clientId: ctx.config.oidc.clientId,
          scope: ctx.config.oidc.scope,
        },
        passwordsManagedBy:
          ctx.config.oidc.mode === 'external' ? ('provider' as const) : ('academy' as const),
      };
    },
  );
};
