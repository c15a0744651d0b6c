import { ZIdParam } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { hasPermission } from '../../platform/http/access';
import { unauthorized } from '../../platform/http/errors';
import { contentDisposition } from '../../platform/storage/serve';
import { findDocument, openDocumentFile } from '../courses';
import { unlockedLesson } from './learner';

/** The path SPEC §7 gives lesson documents: outside the API prefix. */
export const DOCUMENTS_PATH = '/get/documents';

/**
 * GET /get/documents/{id}: a lesson document, with the bearer token. Learners get it only while
 * its lesson is unlocked (403 "You have to finish the previous exam" otherwise); course managers
 * always. Never cached by shared caches.
 */
export const documentDownloadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    `${DOCUMENTS_PATH}/:id`,
    {
      // Outside the API prefix the guard still applies the rule a route declares.
      config: { access: { signedIn: true } },
      schema: {
        tags: ['study'],
        summary: 'Download a lesson document (locked lessons refused)',
        params: ZIdParam,
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (!principal) throw unauthorized();
      const document = await findDocument(ctx.db, request.params.id);
      if (!hasPermission(principal, 'COURSE_MANAGEMENT')) {
        await unlockedLesson(ctx.db, principal.id, document.lessonId);
      }
      const file = await openDocumentFile(ctx.storage, document);
      return reply
        .header('content-type', document.contentType)
        .header('content-length', String(file.info.size))
        .header('content-disposition', contentDisposition('attachment', document.originalName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};
