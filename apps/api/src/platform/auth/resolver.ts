import { createLocalJWKSet, jwtVerify } from 'jose';
import { API_AUDIENCE, type Config } from '../../config';
import type { PrincipalResolver } from '../http/access';
import { type IdpSecrets, publicJwks } from '../idp/keys';
import type { FindPrincipalBySession } from './ports';

/**
 * Access tokens signed by the embedded provider: `sub` is our user id, `sid` the sign-in session
 * they belong to; a token of an ended session is refused (`findBySession`, the users module's).
 */
export function embeddedResolver(
  config: Config,
  secrets: IdpSecrets,
  findBySession: FindPrincipalBySession,
): PrincipalResolver {
  const keys = createLocalJWKSet(publicJwks(secrets));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.oidc.issuer,
        audience: API_AUDIENCE,
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || typeof payload.sid !== 'string') return null;
      return await findBySession(id, payload.sid);
    } catch {
      return null;
    }
  };
}

export { externalResolver } from './external';
