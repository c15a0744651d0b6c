/**
 * The script the build puts inline in index.html (scripts/early-script.mjs): it runs while the
 * browser fetches the app's scripts and starts the page's first API reads with the stored token
 * (decision 171). It must stay small and import nothing that draws: it is in every page's HTML.
 */
import { startEarlyRequests } from '../lib/early-responses';
import { hasStoredSession, storedToken } from './auth/stored-session';
import { earlyRequests } from './early-requests';

/**
 * A token with less time left is renewed by the app before its first request: reads started with
 * it would not be taken (decision 171). Above the app's own margin (LIMITS.tokenMinValiditySeconds).
 */
const MIN_SECONDS_LEFT = 30;

function start(): void {
  const signedIn = hasStoredSession();
  const token = signedIn ? storedToken() : undefined;
  // A session the app must renew, or read through the OIDC library: the app asks for itself.
  if (signedIn && (!token || token.secondsLeft < MIN_SECONDS_LEFT)) return;
  const urls = earlyRequests(window.location.pathname, window.location.search, signedIn);
  if (urls.length > 0) startEarlyRequests(urls, token?.accessToken ?? null);
}

try {
  start();
} catch {
  // Storage the browser refuses (privacy settings): the app asks for itself.
}
