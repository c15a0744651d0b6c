import { ZApiError, ZMailPreviewQuery, ZMailPreviews } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { catalogueLanguage, MAIL_LANGUAGES } from './catalogue';
import { MAIL_KINDS } from './kinds';
import { type MailKind, renderMail } from './render';

/** Every kind of mail drawn with its sample data, as the recipient would get it. */
export function mailPreviews(publicUrl: string, requested?: string) {
  const language = catalogueLanguage(requested);
  const kinds = Object.keys(MAIL_KINDS) as MailKind[];
  return {
    language,
    languages: MAIL_LANGUAGES,
    previews: kinds.map((kind) => {
      const { subject, html, text } = renderMail(kind, MAIL_KINDS[kind].sample as never, {
        publicUrl,
        language,
      });
      return { kind, subject, html, text };
    }),
  };
}

export const mailPreviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/mail-previews',
    {
      config: { access: { admin: true, denied: 'preview mails' } },
      schema: {
        tags: ['mail'],
        summary: 'Every kind of mail the product sends, drawn with sample data: subject, HTML and text',
        querystring: ZMailPreviewQuery,
        response: { 200: ZMailPreviews, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => mailPreviews(ctx.config.publicUrl, request.query.language),
  );
};
