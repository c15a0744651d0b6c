/**
 * One token refresh at a time. The provider rotates refresh tokens: two refreshes with the same
 * one leave the loser refused and signed out. So every caller in a tab shares the refresh in
 * flight, and tabs take turns through a lock (the Web Locks API): the tab that gets the lock second
 * finds the token the first one stored and does not refresh again.
 */

export type StoredToken = { accessToken: string; secondsLeft: number };

/** The provider refused the refresh (the session ended): the user must sign in again. */
export class RefreshRefused extends Error {}

export type TokenSourceDeps = {
  /** The stored tokens (shared by the tabs), or null when signed out. */
  read: () => Promise<StoredToken | null>;
  /** Refreshes with the stored refresh token and stores the result. */
  refresh: () => Promise<StoredToken | null>;
  /** Runs `work` while no other tab runs it. */
  lock: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Resolves once tokens another tab stored are seen here, or after a short wait: a tab learns of
   * another tab's writes to localStorage a moment later, so it can get the lock before the token
   * the other tab renewed under it reaches its own storage.
   */
  settle: () => Promise<void>;
  /** A token with fewer seconds left than this is refreshed before use. */
  minValiditySeconds: number;
  /** True when a refresh error is the provider's answer (not a network failure). */
  isRefusal: (error: unknown) => boolean;
};

export function createTokenSource(deps: TokenSourceDeps): () => Promise<string | null> {
  let inFlight: Promise<string | null> | undefined;

  const fresh = (token: StoredToken | null) => token !== null && token.secondsLeft > deps.minValiditySeconds;

  async function refreshOnce(): Promise<string | null> {
    return deps.lock(async () => {
      // Another tab may have refreshed while this one waited for the lock.
      let stored = await deps.read();
      if (stored && !fresh(stored)) {
        await deps.settle();
        stored = await deps.read();
      }
      if (!stored) return null;
      if (fresh(stored)) return stored.accessToken;
      try {
        return (await deps.refresh())?.accessToken ?? null;
      } catch (error) {
        if (deps.isRefusal(error)) throw new RefreshRefused('the session has ended');
        throw error;
      }
    });
  }

  return async function accessToken(): Promise<string | null> {
    const stored = await deps.read();
    if (!stored) return null;
    if (fresh(stored)) return stored.accessToken;
    inFlight ??= refreshOnce().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/** A lock shared by the tabs of this origin; a pass-through where the browser has none. */
export function tabLock(name: string): <T>(work: () => Promise<T>) => Promise<T> {
  return <T>(work: () => Promise<T>): Promise<T> => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // The lock is held until `work` settles; its result is `work`'s.
    return locks ? (locks.request(name, work) as Promise<T>) : work();
  };
}
