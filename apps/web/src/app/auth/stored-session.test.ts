import type { TCurrentUser } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import {
  hasStoredSession,
  keepCurrentUser,
  keptCurrentUser,
  removeStoredSession,
  sessionIdOf,
  storedToken,
} from './stored-session';

/** localStorage as a Map. */
function storage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

/** An unsigned JWT-shaped token with these claims (the API checks signatures, the page does not). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.x`;
}

const KEY = 'oidc.user:http://localhost/idp:academy-web';
const NOW = 1_800_000_000_000;
const user: TCurrentUser = {
  id: 7,
  employeeCode: 'E1006',
  email: 'minh@example.com',
  role: { codeName: 'ROLE_STUDENT' },
  permissions: [],
  fullName: 'Minh Nguyen',
  avatar: null,
  activePassword: true,
};

describe('the stored session, read without the OIDC library', () => {
  it('reads the access token and its seconds left from what oidc-client-ts stored', () => {
    const accessToken = token({ sub: '7', sid: 's-1' });
    const store = storage({
      [KEY]: JSON.stringify({ access_token: accessToken, expires_at: NOW / 1000 + 300 }),
    });
    expect(hasStoredSession(store)).toBe(true);
    expect(storedToken(store, NOW)).toEqual({ accessToken, secondsLeft: 300 });
    expect(sessionIdOf(accessToken)).toBe('s-1');
  });

  it('leaves two stored sessions (the provider changed) and unreadable ones to the library', () => {
    const one = JSON.stringify({ access_token: 'a', expires_at: NOW / 1000 + 300 });
    expect(
      storedToken(storage({ [KEY]: one, 'oidc.user:https://other/:academy-web': one }), NOW),
    ).toBeUndefined();
    expect(storedToken(storage({ [KEY]: '{not json' }), NOW)).toBeUndefined();
    expect(storedToken(storage(), NOW)).toBeUndefined();
    expect(hasStoredSession(storage({ other: 'x' }))).toBe(false);
  });

  it("keeps the current user for the token's subject only, and forgets it with the session", () => {
    const store = storage({
      [KEY]: JSON.stringify({ access_token: token({ sub: '7' }), expires_at: NOW / 1000 + 300 }),
    });
    keepCurrentUser(user, store);
    expect(keptCurrentUser(store)).toEqual(user);
    // Someone else signs in on this browser: the kept user is not theirs.
    store.setItem(KEY, JSON.stringify({ access_token: token({ sub: '8' }), expires_at: NOW / 1000 + 300 }));
    expect(keptCurrentUser(store)).toBeUndefined();
    removeStoredSession(store);
    expect(store.keys()).toEqual([]);
  });
});
