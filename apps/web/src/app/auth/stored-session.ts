import type { TCurrentUser } from '@academy/contract';
import type { StoredToken } from './token-source';

/**
 * The sign-in session as this browser keeps it, read without the OIDC library (issue 21): a page
 * knows at once whether someone is signed in, sends their token with its first requests and
 * draws their header, while oidc-client-ts and the sign-in settings load only to sign in, renew
 * an expiring token or sign out (decision 130).
 */

/** Where oidc-client-ts stores a signed-in user: `oidc.user:<authority>:<client>`. */
const USER_PREFIX = 'oidc.user:';
/** The last answer of users/info for the stored session, to draw the signed-in page at once. */
const CURRENT_USER_KEY = 'academy.current-user';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function userKeys(store: KeyValueStore): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key?.startsWith(USER_PREFIX)) keys.push(key);
  }
  return keys;
}

export function hasStoredSession(store: KeyValueStore = window.localStorage): boolean {
  return userKeys(store).length > 0;
}

type StoredUser = { access_token?: unknown; expires_at?: unknown };

function storedUser(store: KeyValueStore): StoredUser | null {
  const keys = userKeys(store);
  const key = keys[0];
  if (keys.length !== 1 || !key) return null;
  try {
    const user = JSON.parse(store.getItem(key) ?? 'null') as StoredUser | null;
    return user && typeof user === 'object' ? user : null;
  } catch {
    return null;
  }
}

/**
 * The stored access token and its seconds left, or undefined when it cannot be read without the
 * library (no session, or sessions of two providers after a change of settings: the library
 * picks the one of the current settings).
 */
export function storedToken(
  store: KeyValueStore = window.localStorage,
  nowMs = Date.now(),
): StoredToken | undefined {
  const user = storedUser(store);
  if (!user || typeof user.access_token !== 'string') return undefined;
  const expiresAt = typeof user.expires_at === 'number' ? user.expires_at : 0;
  return { accessToken: user.access_token, secondsLeft: Math.floor(expiresAt - nowMs / 1000) };
}

/** Forgets the session in this browser (the other tabs follow through their storage event). */
export function removeStoredSession(store: KeyValueStore = window.localStorage): void {
  for (const key of userKeys(store)) store.removeItem(key);
  store.removeItem(CURRENT_USER_KEY);
}

/** The claims of an access token (without checking it: the API does). */
function claimsOf(accessToken: string): Record<string, unknown> {
  try {
    const part = accessToken.split('.')[1] ?? '';
    const payload: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The sign-in session named in an access token (`sid`), to sign that session out. */
export function sessionIdOf(accessToken: string): string | undefined {
  const sid = claimsOf(accessToken).sid;
  return typeof sid === 'string' ? sid : undefined;
}

/** Whose token it is (`sub`): a kept user is shown only for the session's own subject. */
function subjectOf(accessToken: string | undefined): string | undefined {
  const sub = accessToken ? claimsOf(accessToken).sub : undefined;
  return typeof sub === 'string' ? sub : undefined;
}

/**
 * The user users/info answered last for the stored session's subject. Only what the page draws
 * (name, avatar, menus) comes from it until users/info answers again; the API decides access.
 */
export function keptCurrentUser(store: KeyValueStore = window.localStorage): TCurrentUser | undefined {
  const subject = subjectOf(storedToken(store)?.accessToken);
  if (!subject) return undefined;
  try {
    const kept = JSON.parse(store.getItem(CURRENT_USER_KEY) ?? 'null') as {
      subject?: string;
      user?: TCurrentUser;
    } | null;
    return kept?.subject === subject ? kept.user : undefined;
  } catch {
    return undefined;
  }
}

export function keepCurrentUser(user: TCurrentUser, store: KeyValueStore = window.localStorage): void {
  const subject = subjectOf(storedToken(store)?.accessToken);
  if (subject) store.setItem(CURRENT_USER_KEY, JSON.stringify({ subject, user }));
}
