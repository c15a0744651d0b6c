import { createLocalJWKSet, jwtVerify } from 'jose';
import { API_AUDIENCE, type Config } from '../../config';
import type { PrincipalResolver } from '../http/access';
import { type IdpSecrets, publicJwks } from '../idp/keys';
import type { FindPrincipalBySession } from './ports';
import { type VerifiedToken, VerifiedTokens } from './verified-tokens';

/**
 * Access tokens signed by the embedded provider: `sub` is our user id, `sid` the sign-in session
 * they belong to; a token of an ended session is refused (`findBySession`, the users module's).
 * A token's signature and claims are checked once per process while it is valid (decision 134);
 * its session and user are read on every request.
 */
export function embeddedResolver(
  config: Config,
  secrets: IdpSecrets,
  findBySession: FindPrincipalBySession,
): PrincipalResolver {
  const keys = createLocalJWKSet(publicJwks(secrets));
  const verified = new VerifiedTokens();
  const verify = async (token: string): Promise<VerifiedToken | null> => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.oidc.issuer,
      audience: API_AUDIENCE,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    const claims = { userId, sessionId: payload.sid, expiresAt: (payload.exp ?? 0) * 1000 };
    // A token without an expiry is checked every time rather than kept for ever.
    if (payload.exp !== undefined) verified.add(token, claims);
    return claims;
  };
  return async (token) => {
    try {
      const claims = verified.get(token) ?? (await verify(token));
      if (!claims) return null;
      return await findBySession(claims.userId, claims.sessionId);
    } catch {
      return null;
    }
  };
}

export { externalResolver } from './external';
