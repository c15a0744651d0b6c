import { LIMITS, type TPublicConfig } from '@academy/contract';
import type { UserManagerSettings } from 'oidc-client-ts';

/**
 * The sign-in client's settings from the API's public config (embedded or external provider),
 * for the web app at `origin`. Where tokens are stored is the caller's (oidc.ts).
 */
export function userManagerSettings(config: TPublicConfig, origin: string): UserManagerSettings {
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    // OIDC_SCOPE: e.g. Entra ID needs the app's own API scope for access tokens the API can verify.
    scope: config.oidc.scope,
    // SPEC §1: the session-check frame is disabled; tokens renew with the refresh token, on
    // demand and one refresh at a time (token-source.ts), never by a timer in each tab.
    monitorSession: false,
    automaticSilentRenew: false,
    // Renew when the token has less than 5 s left; an unfinished sign-in is forgotten after 1 hour.
    accessTokenExpiringNotificationTimeInSeconds: LIMITS.tokenMinValiditySeconds,
    staleStateAgeInSeconds: LIMITS.loginStateSeconds,
  };
}
