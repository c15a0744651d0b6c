import {
  AVATAR_MAX_BYTES,
  MESSAGES,
  ZApiError,
  ZEndedSessions,
  ZProfile,
  ZProfileInput,
  ZUserSession,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { readForm } from '../../platform/uploads/multipart';
import { getProfile, replaceAvatar, updateProfile } from './account';
import { endSessions, listSessions } from './sessions';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

const avatarForm = {
  fields: z.object({}),
  files: {
    avatar: {
      kind: 'image',
      maxBytes: AVATAR_MAX_BYTES,
      tooLargeMessage: MESSAGES.avatarTooLarge,
      fit: 512,
      required: true,
    },
  },
} as const;

/** The account page: any signed-in user, about themselves only. */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/users/profile',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s own profile (personal fields and where they sit)',
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => getProfile(ctx.db, request.principal!.id),
  );

  app.put(
    '/users/info',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['account'],
        summary: 'Change one’s own personal information (not role, permissions, access or placement)',
        body: ZProfileInput,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => updateProfile(ctx.db, request.principal!.id, request.body),
  );

  app.post(
    '/users/avatar',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['account'],
        summary: 'Upload one’s avatar: a JPG or PNG image smaller than 1024 KB (multipart field `avatar`)',
        consumes: ['multipart/form-data'],
        response: { 200: ZProfile, ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError },
      },
    },
    async (request) => {
      const form = await readForm(request, avatarForm);
      const avatar = form.files.avatar;
      if (!avatar) throw new Error('required file missing after validation');
      return replaceAvatar(ctx.db, ctx.storage, request.log, request.principal!.id, avatar);
    },
  );

  app.get(
    '/users/sessions',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['account'],
        summary: 'Where the signed-in user is signed in: browser, address, first and last seen',
        response: { 200: z.array(ZUserSession), 401: ZApiError },
      },
    },
    async (request) => listSessions(ctx.db, request.principal!.id, request.principal!.sessionId),
  );

  app.delete(
    '/users/sessions/:id',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['account'],
        summary: 'Sign out one of one’s own sessions (its tokens stop working at once)',
        params: z.object({ id: z.string().min(1).max(255) }),
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const ended = await endSessions(ctx.db, request.principal!.id, { only: request.params.id });
      if (ended === 0) throw notFound(MESSAGES.sessionNotFound);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/sessions/sign-out-others',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['account'],
        summary: 'Sign out every other session of the signed-in user; this one stays',
        response: { 200: ZEndedSessions, 401: ZApiError },
      },
    },
    async (request) => ({
      ended: await endSessions(ctx.db, request.principal!.id, { except: request.principal!.sessionId ?? '' }),
    }),
  );
};
