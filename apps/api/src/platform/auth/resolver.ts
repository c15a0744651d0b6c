import type { RoleCode } from '@academy/contract';
import { eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { API_AUDIENCE, type Config } from '../../config';
import {
  findPrincipalByEmployeeCode,
  findPrincipalBySession,
  provisionExternalUser,
} from '../../modules/users/principal';
import { users } from '../../modules/users/tables';
import type { Db } from '../db/client';
import type { PrincipalResolver } from '../http/access';
import { type IdpSecrets, publicJwks } from '../idp/keys';

/** Reads a dotted claim path such as `realm_access.roles`. */
export function readClaim(payload: JWTPayload, claimPath: string): unknown {
  return claimPath
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      payload,
    );
}

export function roleFromClaims(payload: JWTPayload, claimPath: string): RoleCode {
  const roles = readClaim(payload, claimPath);
  return Array.isArray(roles) && roles.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : 'ROLE_STUDENT';
}

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

/**
 * Access tokens from an external provider (Keycloak): verified against its JWKS; the user is
 * matched by `preferred_username` = employee code and created as a student on first sign-in.
 * The provider's realm roles decide whether the user is an admin.
 */
export function externalResolver(config: Config, db: Db): PrincipalResolver {
  let keys: JWTVerifyGetKey | undefined;
  async function getKeys(): Promise<JWTVerifyGetKey> {
    if (keys) return keys;
    const res = await fetch(`${config.oidc.issuer}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`OIDC discovery failed with status ${res.status}`);
    const discovery = (await res.json()) as { jwks_uri: string };
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    return keys;
  }
  return async (token, request) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await getKeys(), {
        issuer: config.oidc.issuer,
        ...(config.oidc.audience ? { audience: config.oidc.audience } : {}),
      }));
    } catch (err) {
      request.log.debug({ err }, 'external token rejected');
      return null;
    }
    const employeeCode =
      typeof payload.preferred_username === 'string' ? payload.preferred_username : undefined;
    if (!employeeCode) return null;
    const role = roleFromClaims(payload, config.oidc.rolesClaim);
    const existing = await findPrincipalByEmployeeCode(db, employeeCode);
    if (!existing) {
      return provisionExternalUser(db, {
        employeeCode,
        email: typeof payload.email === 'string' ? payload.email : undefined,
        fullName: typeof payload.name === 'string' ? payload.name : undefined,
        role,
      });
    }
    if (existing.role !== role) {
      await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, existing.id));
      return { ...existing, role };
    }
    return existing;
  };
}
