import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import type { AppContext } from '../context';
import type { IdpAccounts } from './accounts';
import { IDP_PREFIX } from './configuration';
import { ensureGrant } from './grants';
import { messagePage, signInPage } from './login-page';
import { claimSignInAttempt, clearSignInFailures } from './rate-limit';

export const SIGN_IN_MESSAGES = {
  incorrect: 'Incorrect employee code/email or password',
  /** Shown only after the right password (decision 91); {contact} is ACCESS_STOPPED_CONTACT. */
  stopped: (contact: string) =>
    `Your access to Academy has been stopped. To have it allowed again, please contact ${contact}.`,
  tooManyAttempts: 'Too many attempts, please try again later',
  expired: 'This sign-in page has expired. Please go back to Academy and sign in again.',
} as const;

type Params = { uid: string };

/** Our sign-in page for oidc-provider's interactions: login and (silent) consent in one step. */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, ctx, accounts }: { provider: Provider; ctx: AppContext; accounts: IdpAccounts },
) {
  const { db, config } = ctx;
  const home = config.publicUrl;
  const registrationUrl = config.oidc.registration ? `${IDP_PREFIX}/register` : undefined;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The interaction this browser is in, or null when its cookie or record is gone. */
  async function interactionOf(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : null;
    } catch (err) {
      if (err instanceof errors.SessionNotFound) return null;
      throw err;
    }
  }

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  const expired = (reply: FastifyReply) =>
    html(reply, 400, messagePage({ title: 'Sign in', message: SIGN_IN_MESSAGES.expired, home }));
  const form = (reply: FastifyReply, status: number, uid: string, username?: string, error?: string) =>
    html(
      reply,
      status,
      signInPage({ action: `${IDP_PREFIX}/interaction/${uid}`, home, username, error, registrationUrl }),
    );

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    details: Interaction,
    accountId: string,
  ): Promise<FastifyReply> {
    const grant = await ensureGrant(provider, {
      accountId,
      clientId: String(details.params.client_id),
      scope: details.params.scope,
      grantId: details.session?.accountId === accountId ? details.grantId : undefined,
    });
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId }, consent: { grantId: grant.jti } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  }

  app.get<{ Params: Params }>(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply);
    // Already signed in, only consent missing: the academy's own app needs none.
    if (details.prompt.name !== 'login' && details.session?.accountId) {
      return finish(request, reply, details, details.session.accountId);
    }
    return form(reply, 200, details.uid);
  });

  app.post<{ Params: Params }>(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return expired(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.slice(0, 255) : '';
    const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
    const ip = request.ip;

    if (!username.trim() || !password) {
      ctx.metrics.signIns.inc({ outcome: 'failure' });
      return form(reply, 401, details.uid, username, SIGN_IN_MESSAGES.incorrect);
    }
    if (!(await claimSignInAttempt(db, username, ip))) {
      ctx.metrics.signIns.inc({ outcome: 'blocked' });
      return form(reply, 429, details.uid, username, SIGN_IN_MESSAGES.tooManyAttempts);
    }
    const check = await accounts.verifyCredentials(username, password);
    if (check.outcome !== 'OK') {
      // The claimed attempt stays recorded as the failure, a stopped account's too.
      ctx.metrics.signIns.inc({ outcome: 'failure' });
      if (check.outcome === 'STOPPED') {
        const message = SIGN_IN_MESSAGES.stopped(config.accessStoppedContact);
        return form(reply, 403, details.uid, username, message);
      }
      return form(reply, 401, details.uid, username, SIGN_IN_MESSAGES.incorrect);
    }
    const user = check.user;
    await clearSignInFailures(db, username);
    await accounts.recordLogin(user, ip, request.headers['user-agent']);
    ctx.metrics.signIns.inc({ outcome: 'success' });
    return finish(request, reply, details, String(user.id));
  });

  app.get(`${IDP_PREFIX}/register`, async (_request, reply) => {
    if (!config.oidc.registration) return reply.callNotFound();
    return html(
      reply,
      200,
      messagePage({
        title: 'Create an account',
        message:
          'Academy accounts are created by your administrator. Please ask them for your employee code and password.',
        home,
      }),
    );
  });
}
