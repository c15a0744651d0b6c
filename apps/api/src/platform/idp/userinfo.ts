import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { API_AUDIENCE } from '../../config';
import type { AppContext } from '../context';
import type { IdpAccounts } from './accounts';
import { findActiveUser, userClaims } from './claims';
import { IDP_PREFIX } from './configuration';
import { type IdpSecrets, publicJwks } from './keys';

/**
 * The userinfo endpoint (`/idp/me`, advertised in discovery). oidc-provider's own refuses access tokens
 * issued for a resource server, and ours all are (aud `academy-api`), so this one verifies them itself.
 */
export async function userinfoRoutes(
  app: FastifyInstance,
  { ctx, secrets, accounts }: { ctx: AppContext; secrets: IdpSecrets; accounts: IdpAccounts },
) {
  const keys = createLocalJWKSet(publicJwks(secrets));

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    const refuse = (error: string) =>
      reply
        .status(401)
        .header('www-authenticate', `Bearer error="${error}"`)
        .send({ error, error_description: 'access token missing, invalid or expired' });
    if (!token) return refuse('invalid_request');
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: ctx.config.oidc.issuer,
        audience: API_AUDIENCE,
      });
      const user = payload.sub ? await findActiveUser(accounts, payload.sub) : null;
      if (!user) return refuse('invalid_token');
      return userClaims(user);
    } catch {
      return refuse('invalid_token');
    }
  }

  app.get(`${IDP_PREFIX}/me`, handler);
}
