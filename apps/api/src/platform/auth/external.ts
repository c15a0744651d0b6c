import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config, ExternalIdentityConfig } from '../../config';
import type { PrincipalResolver } from '../http/access';
import { forbidden } from '../http/errors';
import { academyRole, type Claims, claimRoles, stringClaim } from './claims';
import type { LinkExternalIdentity, LinkRefusal, PlaceNames } from './ports';

/** The parts of the provider's discovery document the API uses. */
export type Discovery = {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
};

const DISCOVERY_TIMEOUT_MS = 5000;
/** Userinfo answers are reused for this long (and never past the token's expiry). */
const USERINFO_TTL_MS = 60_000;
const USERINFO_CACHE_MAX = 5000;

export async function fetchDiscovery(issuer: string): Promise<Discovery> {
  const url = `${issuer}/.well-known/openid-configuration`;
  const res = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = (await res.json()) as Partial<Discovery>;
  if (typeof body.jwks_uri !== 'string') throw new Error(`${url} names no jwks_uri`);
  if (body.issuer !== issuer) throw new Error(`${url} names the issuer "${body.issuer}", not "${issuer}"`);
  return body as Discovery;
}

/**
 * At start-up: one log line saying whether the external provider's discovery answers, so a wrong
 * OIDC_ISSUER or an unreachable provider shows in the log, not only as failed sign-ins.
 */
export async function reportIssuer(config: Config, log: FastifyBaseLogger): Promise<void> {
  if (config.oidc.mode !== 'external') return;
  try {
    const discovery = await fetchDiscovery(config.oidc.issuer);
    log.info(
      `sign-in provider ${config.oidc.issuer} answers its discovery (logout at the provider: ${
        discovery.end_session_endpoint ? 'yes' : 'no end_session_endpoint'
      }, claims from: ${config.oidc.external.claimsSource})`,
    );
  } catch (err) {
    log.warn(
      `sign-in provider ${config.oidc.issuer} does not answer its discovery (${(err as Error).message}): signing in fails until it does — check OIDC_ISSUER`,
    );
  }
}

/** Messages of refused sign-ins: what happened and what to do (the web app shows them). */
export function refusalMessage(reason: LinkRefusal | 'no-role', config: Config): string {
  const { linkBy, employeeCodeClaim, emailClaim } = config.oidc.external;
  const key = linkBy === 'email' ? 'verified email address' : 'employee code';
  switch (reason) {
    case 'unknown-user':
      return `You are signed in at the sign-in provider, but no academy user has your ${key}. Ask an administrator to add you to the academy, then sign in again.`;
    case 'linked-elsewhere':
      return `The academy user with your ${key} is already linked to another account of the sign-in provider. Ask an administrator for help.`;
    case 'missing-claim':
      return linkBy === 'email'
        ? `The sign-in provider did not send a verified email address (claim "${emailClaim}"). Ask an administrator to check the sign-in settings.`
        : `The sign-in provider did not send your employee code (claim "${employeeCodeClaim}"). Ask an administrator to check the sign-in settings.`;
    case 'no-role':
      return 'Your account at the sign-in provider has no role for the academy. Ask an administrator for access.';
  }
}

const isJwt = (token: string) => token.split('.').length === 3;

/** The names the mapped org claims give (OIDC_SERVICE_CLAIM, OIDC_BRANCH_CLAIM, OIDC_DEPARTMENT_CLAIM). */
function placeNames(claims: Claims, mapped: ExternalIdentityConfig['placeClaims']): PlaceNames {
  const read = (claim: string | undefined) => (claim ? stringClaim(claims, claim) : undefined);
  return { service: read(mapped.service), branch: read(mapped.branch), department: read(mapped.department) };
}

/** True when an access token was issued to our client (when no audience is configured). */
function issuedToClient(payload: JWTPayload, clientId: string): boolean {
  const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
  return aud.includes(clientId) || payload.azp === clientId || payload.client_id === clientId;
}

/**
 * Access tokens of an external provider. The token is verified against the provider's keys
 * (discovery → JWKS): signature, issuer, expiry, and audience (OIDC_AUDIENCE, or else issued to
 * our client). The claims come from the token or, with OIDC_CLAIMS_SOURCE=userinfo, from the
 * provider's userinfo endpoint (which also accepts opaque tokens). The user is the one `linkIdentity`
 * finds for (iss, sub) (the users module's, handed in by app.ts); the roles claim decides admin or
 * learner.
 */
export function externalResolver(config: Config, linkIdentity: LinkExternalIdentity): PrincipalResolver {
  const { issuer, clientId, audience, rolesClaim, external } = config.oidc;
  let discovered: Promise<{ discovery: Discovery; keys: JWTVerifyGetKey }> | undefined;
  const provider = () => {
    discovered ??= fetchDiscovery(issuer)
      .then((discovery) => ({ discovery, keys: createRemoteJWKSet(new URL(discovery.jwks_uri)) }))
      .catch((err) => {
        discovered = undefined; // ask again at the next request
        throw err;
      });
    return discovered;
  };
  const userinfoCache = new Map<string, { claims: Claims; until: number }>();

  async function verifiedPayload(token: string): Promise<JWTPayload | undefined> {
    if (!isJwt(token)) {
      if (external.claimsSource === 'userinfo') return undefined; // opaque: userinfo vouches for it
      throw new Error('the access token is not a JWT; set OIDC_CLAIMS_SOURCE=userinfo');
    }
    const { keys } = await provider();
    const { payload } = await jwtVerify(token, keys, { issuer, ...(audience ? { audience } : {}) });
    if (!audience && !issuedToClient(payload, clientId)) {
      throw new Error(`the access token was not issued to ${clientId} (aud, azp, client_id)`);
    }
    return payload;
  }

  async function userinfo(token: string, payload: JWTPayload | undefined): Promise<Claims> {
    const key = createHash('sha256').update(token).digest('base64url');
    const now = Date.now();
    const cached = userinfoCache.get(key);
    if (cached && cached.until > now) return cached.claims;
    const { discovery } = await provider();
    if (!discovery.userinfo_endpoint) throw new Error('the provider advertises no userinfo_endpoint');
    const res = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
    const claims = (await res.json()) as Claims;
    if (typeof claims.sub !== 'string' || (payload?.sub && payload.sub !== claims.sub)) {
      throw new Error('userinfo names another subject than the access token');
    }
    const expires = payload?.exp ? payload.exp * 1000 : now + USERINFO_TTL_MS;
    if (userinfoCache.size >= USERINFO_CACHE_MAX) {
      for (const [k, v] of userinfoCache)
        if (v.until <= now || userinfoCache.size >= USERINFO_CACHE_MAX) userinfoCache.delete(k);
    }
    userinfoCache.set(key, { claims, until: Math.min(now + USERINFO_TTL_MS, expires) });
    return claims;
  }

  const refuse = (request: FastifyRequest, message: string) => {
    // Public pages still answer (anonymously); everything else says why.
    const access = request.routeOptions.config?.access;
    if (access && 'public' in access) return null;
    throw forbidden(message);
  };

  return async (token, request) => {
    let claims: Claims;
    try {
      const payload = await verifiedPayload(token);
      claims = external.claimsSource === 'userinfo' ? await userinfo(token, payload) : (payload as Claims);
    } catch (err) {
      request.log.info({ reason: (err as Error).message }, 'external access token refused');
      return null;
    }
    const subject = stringClaim(claims, 'sub');
    if (!subject) return null;
    const role = academyRole(claimRoles(claims, rolesClaim), external);
    if (!role) return refuse(request, refusalMessage('no-role', config));
    const outcome = await linkIdentity(
      {
        issuer,
        subject,
        employeeCode: stringClaim(claims, external.employeeCodeClaim),
        email: stringClaim(claims, external.emailClaim),
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        fullName: stringClaim(claims, external.nameClaim),
        role,
        place: placeNames(claims, external.placeClaims),
      },
      external,
    );
    if ('refused' in outcome) {
      request.log.info({ subject, reason: outcome.refused }, 'external sign-in refused');
      return refuse(request, refusalMessage(outcome.refused, config));
    }
    return outcome.principal;
  };
}
