import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { API_AUDIENCE } from '../src/config';
import { userSessions, users } from '../src/modules/users/tables';
import { loadIdpSecrets } from '../src/platform/idp/keys';
import { type ApiClient, apiClient } from './client';
import { testAppOf } from './harness';

/**
 * Access tokens for tests, signed with the test instance's own provider key, bound to a sign-in
 * session of their own, and verified by the server exactly as the provider's tokens are (issuer,
 * audience, signature, expiry, then the user and the session from the database). Sign-in through the provider's pages has its own tests (idp/sign-in.test.ts,
 * users/recovery.test.ts) and `clientFor` in client.ts.
 */
export async function accessTokenFor(
  app: FastifyInstance,
  employeeCode: string,
  options: { expiresInSeconds?: number } = {},
): Promise<string> {
  const { database, config } = testAppOf(app);
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.employeeCode}) = lower(${employeeCode})`);
  if (!user) throw new Error(`no user with employee code ${employeeCode}`);
  // A sign-in session of its own, as the provider's tokens have (users/sessions.ts).
  const sessionId = `test-${randomBytes(9).toString('base64url')}`;
  await database.db.insert(userSessions).values({ id: sessionId, userId: user.id, userAgent: 'test client' });
  const [key] = (await loadIdpSecrets(database.db)).signingKeys;
  if (!key) throw new Error('the provider has no signing key');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'openid profile email', client_id: 'academy-web', sid: sessionId })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(config.oidc.issuer)
    .setAudience(API_AUDIENCE)
    .setSubject(String(user.id))
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(await importJWK(key, 'RS256'));
}

/** An API client signed in as the user with this employee code, without the sign-in pages. */
export async function clientAs(app: FastifyInstance, employeeCode: string): Promise<ApiClient> {
  return apiClient(app, await accessTokenFor(app, employeeCode));
}
