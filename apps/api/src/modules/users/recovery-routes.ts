import {
  MESSAGES,
  ZApiError,
  ZCheckEmailQuery,
  ZCheckEmailResult,
  ZRecoveryPassword,
  ZResetPassword,
} from '@academy/contract';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/http/errors';
import { languageOfRequest } from '../../platform/mail';
import { assertPasswordsAreOurs, emailExists, requestPasswordReset, resetPassword } from './recovery';

const errors = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/** Per client address; the limits are per process (see docs/decisions.md). */
export const RECOVERY_LIMITS = {
  checkEmail: { max: 20, timeWindow: '1 minute' },
  recoveryPassword: { max: 5, timeWindow: '15 minutes' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
} as const;

/** Forgot password: public, rate-limited, and only while passwords are ours (embedded provider). */
export const recoveryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, MESSAGES.tooManyRequests),
  });

  app.get(
    '/users/check-email',
    {
      config: { access: { public: true }, rateLimit: RECOVERY_LIMITS.checkEmail },
      schema: {
        tags: ['account'],
        summary: 'Whether an email belongs to a user: { exists }',
        querystring: ZCheckEmailQuery,
        response: { 200: ZCheckEmailResult, ...errors },
      },
    },
    async (request) => {
      assertPasswordsAreOurs(ctx.config);
      return { exists: await emailExists(ctx.db, request.query.email) };
    },
  );

  app.post(
    '/users/recovery-password',
    {
      config: { access: { public: true }, rateLimit: RECOVERY_LIMITS.recoveryPassword },
      schema: {
        tags: ['account'],
        summary: 'Mail a password reset link valid for one hour',
        body: ZRecoveryPassword,
        response: { 204: z.null(), ...errors, 503: ZApiError },
      },
    },
    async (request, reply) => {
      assertPasswordsAreOurs(ctx.config);
      const language = languageOfRequest(request.headers['accept-language']);
      await requestPasswordReset(ctx.db, ctx.mailer, request.log, request.body.email, language);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { access: { public: true }, rateLimit: RECOVERY_LIMITS.resetPassword },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token from the mailed link (once)',
        body: ZResetPassword,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      assertPasswordsAreOurs(ctx.config);
      await resetPassword(ctx.db, request.body);
      return reply.status(204).send(null);
    },
  );
};
