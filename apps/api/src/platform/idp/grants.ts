import type Provider from 'oidc-provider';
import type { Grant } from 'oidc-provider';

/** The API as an OAuth resource server. Indicators must be absolute URIs; the token's `aud` is separate. */
export const API_RESOURCE = 'urn:academy:api';
/** The API's own scope; access is decided by roles and permissions, not scopes. */
export const API_SCOPE = 'api';
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
/** Scopes an API access token may carry. */
export const API_RESOURCE_SCOPES = [...OIDC_SCOPES, API_SCOPE].join(' ');

type GrantRequest = {
  accountId: string;
  clientId: string;
  /** The scopes the client asked for (space separated). */
  scope: unknown;
  /** A grant the session already holds, reused when it belongs to the same user and client. */
  grantId: string | undefined;
};

/**
 * The academy's own web app needs no consent screen: the grant covers every OIDC scope it asked for
 * and the API. Returns a saved grant; an existing one is only written when something was added.
 */
export async function ensureGrant(provider: Provider, request: GrantRequest): Promise<Grant> {
  const existing = request.grantId ? await provider.Grant.find(request.grantId) : undefined;
  const reusable =
    existing && existing.accountId === request.accountId && existing.clientId === request.clientId;
  const grant = reusable
    ? existing
    : new provider.Grant({ accountId: request.accountId, clientId: request.clientId });

  const asked = typeof request.scope === 'string' ? request.scope.split(' ') : [];
  const scopes = OIDC_SCOPES.filter((s) => s === 'openid' || asked.includes(s));
  const oidcGranted = new Set(grant.getOIDCScopeEncountered().split(' '));
  const apiGranted = new Set(grant.getResourceScopeEncountered(API_RESOURCE).split(' '));
  const complete = apiGranted.has(API_SCOPE) && scopes.every((s) => oidcGranted.has(s) && apiGranted.has(s));
  if (reusable && complete) return grant;

  grant.addOIDCScope(scopes.join(' '));
  // The access token repeats the OIDC scopes (as Keycloak's do) besides the API's own.
  grant.addResourceScope(API_RESOURCE, [...scopes, API_SCOPE].join(' '));
  await grant.save();
  return grant;
}
