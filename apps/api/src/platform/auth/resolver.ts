import { createLocalJWKSet, jwtVerify } from 'jose';
import { API_AUDIENCE, type Config } from '../../config';
import { findPrincipalBySession } from '../../modules/users/principal';
import type { Db } from '../db/client';
import type { PrincipalResolver } from '../http/access';
import { type IdpSecrets, publicJwks } from '../idp/keys';

/**
 * Access tokens signed by the embedded provider: `sub` is our user id, `sid` the sign-in session
 * they belong to; a token of an ended session is refused (users/sessions.ts).
 */
export function embeddedResolver(config: Config, db: Db, secrets: IdpSecrets): PrincipalResolver {
  const keys = createLocalJWKSet(publicJwks(secrets));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.oidc.issuer,
        audience: API_AUDIENCE,
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || typeof payload.sid !== 'string') return null;
      return await findPrincipalBySession(db, id, payload.sid);
    } catch {
      return null;
    }
  };
}

export { externalResolver } from './external';
