import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { apiClient } from '../../../test/client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { users } from '../../modules/users/tables';
import { loadIdpSecrets } from '../idp/keys';

/** Issue 11: tokens the API must refuse, however plausible they look. */
let t: TestApp;
let studentToken: string;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs `claims` with the embedded provider's own key, as if the provider had issued them. */
async function signWithProviderKey(claims: Record<string, unknown>, header: Record<string, unknown>) {
  const [jwk] = (await loadIdpSecrets(t.database.db)).signingKeys;
  if (!jwk) throw new Error('the provider has no signing key');
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ ...header, alg: 'RS256', kid: jwk.kid }).sign(key);
}

async function usersInfoWith(token: string) {
  return apiClient(t.app, token).get('users/info');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ accessToken: studentToken } = await signIn(
    t.app,
    DEMO_ACCOUNTS.student.employeeCode,
    DEMO_ACCOUNTS.student.password,
  ));
});
afterAll(() => t?.close());

describe('tokens the API refuses', () => {
  it('accepts the real token (the baseline for the cases below)', async () => {
    expect((await usersInfoWith(studentToken)).statusCode).toBe(200);
  });

  it('refuses a token with alg "none"', async () => {
    const [, payload] = studentToken.split('.');
    const unsigned = `${base64url({ alg: 'none', typ: 'at+jwt' })}.${payload}.`;
    expect((await usersInfoWith(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token whose role claim was tampered with', async () => {
    const [header, , signature] = studentToken.split('.');
    const claims = { ...decodeJwt(studentToken), realm_access: { roles: ['ROLE_ADMIN'] } };
    const tampered = `${header}.${base64url(claims)}.${signature}`;
    const response = await apiClient(t.app, tampered).get('users');
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired token even when the provider’s key signed it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...decodeJwt(studentToken), iat: now - 3600, exp: now - 1800 };
    const expired = await signWithProviderKey(claims, decodeProtectedHeader(studentToken));
    expect((await usersInfoWith(expired)).statusCode).toBe(401);
    // The same claims, still valid, pass: the refusal above is the expiry, not the signing.
    const fresh = await signWithProviderKey(
      { ...claims, exp: now + 600 },
      decodeProtectedHeader(studentToken),
    );
    expect((await usersInfoWith(fresh)).statusCode).toBe(200);
  });

  it('refuses a token the moment it expires, though it was accepted before (decision 134)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...decodeJwt(studentToken), iat: now, exp: now + 2 };
    const shortLived = await signWithProviderKey(claims, decodeProtectedHeader(studentToken));
    expect((await usersInfoWith(shortLived)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, (now + 2) * 1000 - Date.now() + 50));
    expect((await usersInfoWith(shortLived)).statusCode).toBe(401);
  });

  it('refuses a token from another issuer, signed with the provider’s key', async () => {
    const claims = { ...decodeJwt(studentToken), iss: 'https://sso.attacker.example/realms/academy' };
    const foreign = await signWithProviderKey(claims, decodeProtectedHeader(studentToken));
    expect((await usersInfoWith(foreign)).statusCode).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    const claims = { ...decodeJwt(studentToken), aud: 'another-api' };
    const elsewhere = await signWithProviderKey(claims, decodeProtectedHeader(studentToken));
    expect((await usersInfoWith(elsewhere)).statusCode).toBe(401);
  });

  it('refuses a stopped user’s still-valid token at once', async () => {
    const { accessToken } = await signIn(
      t.app,
      DEMO_ACCOUNTS.staff.employeeCode,
      DEMO_ACCOUNTS.staff.password,
    );
    expect((await usersInfoWith(accessToken)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ access: 'STOPPED' })
      .where(eq(users.employeeCode, DEMO_ACCOUNTS.staff.employeeCode));
    const response = await usersInfoWith(accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your access has been stopped');
  });

  it('answers refusals without stack traces or SQL', async () => {
    const response = await usersInfoWith('not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+|select |insert into|node_modules/i);
  });
});
