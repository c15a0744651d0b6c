import { LIMITS, type TPublicConfig } from '@academy/contract';
import type { UserManager } from 'oidc-client-ts';
import { API_PREFIX } from '../../lib/api';

let managerPromise: Promise<UserManager> | undefined;

/** One UserManager, configured from the API's public config (embedded or external provider). */
export function getUserManager(): Promise<UserManager> {
  managerPromise ??= (async () => {
    // The OIDC library is its own chunk: visitors who never sign in do not download it.
    const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
    const response = await fetch(`${API_PREFIX}/config`);
    if (!response.ok) throw new Error('The sign-in settings could not be loaded');
    const config = (await response.json()) as TPublicConfig;
    const origin = window.location.origin;
    return new UserManager({
      authority: config.oidc.authority,
      client_id: config.oidc.clientId,
      redirect_uri: `${origin}/auth/callback`,
      post_logout_redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      // SPEC §1: the session-check frame is disabled; tokens renew with the refresh token.
      monitorSession: false,
      automaticSilentRenew: true,
      // Renew when the token has less than 5 s left; an unfinished sign-in is forgotten after 1 hour.
      accessTokenExpiringNotificationTimeInSeconds: LIMITS.tokenMinValiditySeconds,
      staleStateAgeInSeconds: LIMITS.loginStateSeconds,
      userStore: new WebStorageStateStore({ store: window.localStorage }),
    });
  })();
  return managerPromise;
}

/** oidc-client-ts stores a signed-in user under `oidc.user:<authority>:<client>`. */
export function hasStoredSession(): boolean {
  for (let index = 0; index < window.localStorage.length; index++) {
    if (window.localStorage.key(index)?.startsWith('oidc.user:')) return true;
  }
  return false;
}

/** A valid access token, renewed with the refresh token when it has expired; null when signed out. */
export async function currentAccessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const manager = await getUserManager();
  const user = await manager.getUser();
  if (!user) return null;
  const secondsLeft = user.expires_in ?? 0;
  if (secondsLeft > LIMITS.tokenMinValiditySeconds) return user.access_token;
  try {
    const renewed = await manager.signinSilent();
    return renewed?.access_token ?? null;
  } catch {
    await manager.removeUser();
    return null;
  }
}
