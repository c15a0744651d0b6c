import { configureApiAuth } from '../../lib/api';
import { currentAccessToken } from './oidc';
import { RefreshRefused } from './token-source';

const endedListeners = new Set<() => void>();

/** Called when the session ends under a request: a 401 or a refused renewal (AuthProvider drops the token). */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

function sessionEnded(): void {
  for (const listener of endedListeners) listener();
}

/**
 * Gives the API client the stored token before anything renders, so the requests a route starts
 * (its loader) carry it from the first moment (decision 131).
 */
export function installApiAuth(): void {
  configureApiAuth(async () => {
    try {
      return await currentAccessToken();
    } catch (error) {
      if (!(error instanceof RefreshRefused)) throw error;
      sessionEnded();
      return null;
    }
  }, sessionEnded);
}
