import { MESSAGES } from '@academy/contract';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, openSignInForm, signIn, submitSignInForm, type Tokens } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadIdpSecrets } from '../../platform/idp/keys';

let t: TestApp;
const tokens: Partial<Record<'admin' | 'staff' | 'student' | 'newhire', Tokens>> = {};

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await signIn(t.app, 'admin', 'Admin@2026');
  tokens.staff = await signIn(t.app, 'staff', 'Staff@2026');
  tokens.student = await signIn(t.app, 'student', 'Student@2026');
  tokens.newhire = await signIn(t.app, 'newhire', 'Newhire@2026');
});
afterAll(async () => {
  await t?.close();
});

function tokenOf(who: keyof typeof tokens): string {
  const found = tokens[who]?.accessToken;
  if (!found) throw new Error(`${who} is not signed in`);
  return found;
}

const get = (url: string, token?: string) =>
  t.app.inject({ url: `/services/core/api/${url}`, headers: token ? bearer(token) : {} });
const changePassword = (token: string, payload: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: '/services/core/api/users/change-password',
    headers: bearer(token),
    payload,
  });

/** A token made with the provider's real signing key, to show which claims the API insists on. */
async function signedWithRealKey(claims: Record<string, unknown>, lifetime: { iat: number; exp: number }) {
  const { signingKeys } = await loadIdpSecrets(t.database.db);
  const jwk = signingKeys[0];
  if (!jwk) throw new Error('no signing key');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuedAt(lifetime.iat)
    .setExpirationTime(lifetime.exp)
    .sign(await importJWK(jwk, 'RS256'));
}

describe('GET users/info', () => {
  test.each([
    ['admin', { role: { codeName: 'ROLE_ADMIN' }, permissions: [], fullName: 'Academy Administrator' }],
    [
      'staff',
      {
        role: { codeName: 'ROLE_STUDENT' },
        permissions: ['NEWS_MANAGEMENT', 'COURSE_MANAGEMENT'],
        fullName: 'Linh Tran',
      },
    ],
    ['student', { role: { codeName: 'ROLE_STUDENT' }, permissions: [], fullName: 'Minh Nguyen' }],
  ] as const)('describes %s', async (who, expected) => {
    const res = await get('users/info', tokenOf(who));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ...expected, avatar: null, activePassword: true });
    expect([...body.permissions].sort()).toEqual([...expected.permissions].sort());
  });

  test('tells a new hire they still have a temporary password', async () => {
    const res = await get('users/info', tokenOf('newhire'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: { codeName: 'ROLE_STUDENT' },
      permissions: [],
      fullName: 'An Pham',
      avatar: null,
      activePassword: false,
    });
  });

  test('without a token is 401', async () => {
    const res = await get('users/info');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, error: 'Unauthorized', message: MESSAGES.unauthenticated });
  });

  test('a forged, expired or foreign-audience token is 401', async () => {
    const real = tokenOf('student');
    const [header, , signature] = real.split('.');
    const claims = decodeJwt(real);
    const escalated = Buffer.from(
      JSON.stringify({ ...claims, sub: decodeJwt(tokenOf('admin')).sub }),
    ).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const expired = await signedWithRealKey(
      { ...claims, iat: undefined, exp: undefined },
      { iat: now - 3600, exp: now - 1800 },
    );
    const otherAudience = await signedWithRealKey(
      { ...claims, aud: 'someone-else', iat: undefined, exp: undefined },
      { iat: now, exp: now + 600 },
    );
    const stillValid = await signedWithRealKey(
      { ...claims, iat: undefined, exp: undefined },
      { iat: now, exp: now + 600 },
    );
    expect((await get('users/info', stillValid)).statusCode).toBe(200);
    for (const token of [`${header}.${escalated}.${signature}`, expired, otherAudience, 'not-a-jwt']) {
      const res = await get('users/info', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.unauthenticated);
    }
  });
});

describe('GET users (USER_MANAGEMENT)', () => {
  test.each(['student', 'staff'] as const)('is refused to %s with the SPEC wording', async (who) => {
    const res = await get('users?page=0&size=5', tokenOf(who));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: 'You do not have permission to view users' });
  });

  test('gives an admin one page of users and the total in x-total-count', async () => {
    const res = await get('users?page=0&size=5&sort=id,asc', tokenOf('admin'));
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(5);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(36);
    expect(rows[0]).toMatchObject({ employeeCode: 'admin', role: 'ROLE_ADMIN', access: 'ALLOWED' });
    expect(rows[0]).not.toHaveProperty('passwordHash');
  });

  test('without a token is 401', async () => {
    expect((await get('users')).statusCode).toBe(401);
  });
});

describe('a new hire and PUT users/change-password', () => {
  test('is held to changing the password first, then signs in with the new one', async () => {
    const token = tokenOf('newhire');
    const blocked = await get('users/profile', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please change your password before continuing');

    const wrongOld = await changePassword(token, {
      oldPassword: 'Wrong@2026',
      newPassword: 'Fresh@20260',
      confirmPassword: 'Fresh@20260',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().message).toBe('Old password is invalid');

    const mismatch = await changePassword(token, {
      oldPassword: 'Newhire@2026',
      newPassword: 'Fresh@20260',
      confirmPassword: 'Other@20260',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');

    const changed = await changePassword(token, {
      oldPassword: 'Newhire@2026',
      newPassword: 'Fresh@20260',
      confirmPassword: 'Fresh@20260',
    });
    expect(changed.statusCode).toBe(204);
    expect((await get('users/info', token)).json()).toMatchObject({ activePassword: true });
    expect((await get('users/profile', token)).statusCode).toBe(200);

    const fresh = await signIn(t.app, 'newhire', 'Fresh@20260');
    expect((await get('users/info', fresh.accessToken)).json()).toMatchObject({ fullName: 'An Pham' });
    const { flow, action } = await openSignInForm(t.app);
    const old = await submitSignInForm(t.app, flow, action, 'newhire', 'Newhire@2026');
    expect(old.statusCode).toBe(401);
  });
});
