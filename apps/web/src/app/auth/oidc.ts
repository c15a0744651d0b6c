import { LIMITS, type TPublicConfig } from '@academy/contract';
import type { User, UserManager } from 'oidc-client-ts';
import { API_PREFIX } from '../../lib/api';
import { randomNonce } from './failure';
import { userManagerSettings } from './manager-settings';
import { lendTokenToPages } from './page-cookie';
import { hasStoredSession, storedToken } from './stored-session';
import { createTokenSource, type StoredToken, tabLock } from './token-source';

let managerPromise: Promise<UserManager> | undefined;

/** One UserManager, configured from the API's public config (embedded or external provider). */
export function getUserManager(): Promise<UserManager> {
  managerPromise ??= (async () => {
    // The OIDC library is its own chunk, loaded to sign in, renew a token or sign out only
    // (stored-session.ts reads the stored token without it).
    const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
    const response = await fetch(`${API_PREFIX}/config`);
    if (!response.ok) throw new Error('The sign-in settings could not be loaded');
    const config = (await response.json()) as TPublicConfig;
    return new UserManager({
      ...userManagerSettings(config, window.location.origin),
      userStore: new WebStorageStateStore({ store: window.localStorage }),
    });
  })();
  return managerPromise;
}

/**
 * Starts sign-in at the provider: authorization code with PKCE S256 (oidc-client-ts), a random
 * `state` and a random `nonce`, both checked when the answer comes back (AuthCallback).
 */
export async function signInRedirect(returnTo: string): Promise<void> {
  const manager = await getUserManager();
  await manager.signinRedirect({ state: { returnTo }, nonce: randomNonce() });
}

/**
 * Ends the session at the provider (RP-initiated logout through its end_session_endpoint) and comes
 * back to the home page; a provider without one: straight to the home page.
 */
export async function signOutAtProvider(idToken: string | undefined): Promise<void> {
  const manager = await getUserManager();
  const endSession = await manager.metadataService.getEndSessionEndpoint().catch(() => undefined);
  if (!endSession) {
    window.location.assign('/');
    return;
  }
  // A state makes providers such as Glewlwyd send the user back (post_logout_redirect_uri) afterwards.
  await manager.signoutRedirect({ id_token_hint: idToken, state: { signedOut: true } });
}

/** Resolves at the next change of the stored user made by another tab, or after `timeoutMs`. */
function storedUserChange(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('storage', onStorage);
      clearTimeout(timer);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith('oidc.user:')) done();
    };
    const timer = setTimeout(done, timeoutMs);
    window.addEventListener('storage', onStorage);
  });
}

function tokenOf(user: User | null): StoredToken | null {
  return user ? { accessToken: user.access_token, secondsLeft: user.expires_in ?? 0 } : null;
}

async function readToken(): Promise<StoredToken | null> {
  if (!hasStoredSession()) return null;
  return storedToken() ?? tokenOf(await (await getUserManager()).getUser());
}

/** The token the app uses is the one the academy's pages are drawn with (page-cookie.ts). */
function lent(token: StoredToken | null): StoredToken | null {
  lendTokenToPages(token);
  return token;
}

/**
 * A valid access token, renewed with the refresh token when it is about to expire (one refresh at
 * a time across callers and tabs); null when signed out. Throws RefreshRefused when the provider
 * refused the refresh: the session has ended and the user must sign in again.
 */
export const currentAccessToken = createTokenSource({
  read: async () => lent(await readToken()),
  refresh: async () => {
    return lent(tokenOf(await (await getUserManager()).signinSilent()));
  },
  lock: tabLock('academy-token-refresh'),
  settle: () => storedUserChange(150),
  minValiditySeconds: LIMITS.tokenMinValiditySeconds,
  // oidc-client-ts's ErrorResponse carries the provider's `error` (invalid_grant …).
  isRefusal: (error) => typeof (error as { error?: unknown } | null)?.error === 'string',
});
