import { ZApiError, ZSearchQuery, ZSearchResult } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { setTotal } from '../../platform/http/pagination';
import { search, searcherOf } from './service';

/** GET search (issue 22): public; a valid token widens what is searched to the signed-in kinds. */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/search',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['search'],
        summary:
          'Search (typo-tolerant) what the caller may see, grouped by kind: signed in — courses, lessons, documents, news, Q&A; signed out — courses, news, open recruitment posts. kind= narrows to one kind (more results)',
        querystring: ZSearchQuery,
        response: { 200: z.array(ZSearchResult), 400: ZApiError },
      },
    },
    async (request, reply) => {
      const rows = await search(ctx.db, searcherOf(request.principal), request.query, new Date());
      setTotal(reply, rows.length);
      return rows;
    },
  );
};
