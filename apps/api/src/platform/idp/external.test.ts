import net from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, signIn } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { externalIdentities, users } from '../../modules/users/tables';

/** A port nobody uses right now, so instance A can know its PUBLIC_URL before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// A: an embedded instance acting as "Keycloak". B: an instance configured with OIDC_ISSUER = A's /idp.
let a: TestApp;
let b: TestApp;
let issuer: string;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  issuer = `${publicUrl}/idp`;
  a = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  await a.app.listen({ port, host: '127.0.0.1' });
  // B creates users on first sign-in (OIDC_CREATE_USERS): its database starts empty.
  b = await createTestApp({
    seed: false,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'academy-web', OIDC_CREATE_USERS: 'true' },
  });
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const info = (token: string) =>
  b.app.inject({ url: '/services/core/api/users/info', headers: bearer(token) });

describe('external provider mode', () => {
  test('the web app is told to sign in at the external issuer, and /idp is not served', async () => {
    const config = await b.app.inject({ url: '/services/core/api/config' });
    expect(config.json()).toEqual({
      oidc: { authority: issuer, clientId: 'academy-web', scope: 'openid profile email offline_access' },
      passwordsManagedBy: 'provider',
    });
    expect((await b.app.inject({ url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  test('a user unknown to this instance is created as a student from the token’s claims and linked by (iss, sub)', async () => {
    const { accessToken } = await signIn(a.app, 'student', 'Student@2026');
    const res = await info(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      employeeCode: 'student',
      role: { codeName: 'ROLE_STUDENT' },
      permissions: [],
      activePassword: true,
    });
    const [row] = await b.database.db.select().from(users).where(eq(users.employeeCode, 'student'));
    expect(row).toMatchObject({ role: 'ROLE_STUDENT', passwordHash: null });
    expect(row?.email).toMatch(/@/);
    expect(row?.fullName).toBe(res.json().fullName);
    const [link] = await b.database.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, row?.id ?? 0));
    expect(link).toMatchObject({ issuer, subject: decodeJwt(accessToken).sub, linkedBy: 'created' });
  });

  test('passwords are the provider’s: the web app is told so and change-password answers 409', async () => {
    const { accessToken } = await signIn(a.app, 'student', 'Student@2026');
    const res = await b.app.inject({
      method: 'PUT',
      url: '/services/core/api/users/change-password',
      headers: bearer(accessToken),
      payload: { oldPassword: 'Student@2026', newPassword: 'Another@2026', confirmPassword: 'Another@2026' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Passwords are managed by the sign-in provider');
  });

  test('an admin stays an admin through the realm roles claim and can list users', async () => {
    const { accessToken } = await signIn(a.app, 'admin', 'Admin@2026');
    expect((await info(accessToken)).json()).toMatchObject({ role: { codeName: 'ROLE_ADMIN' } });
    const list = await b.app.inject({ url: '/services/core/api/users', headers: bearer(accessToken) });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ employeeCode: 'admin', role: 'ROLE_ADMIN' }),
    );
  });

  test('a token with the same claims signed by another key is refused', async () => {
    const { accessToken } = await signIn(a.app, 'admin', 'Admin@2026');
    // Claims the provider's key id, so only the signature gives the forgery away.
    const { kid } = decodeProtectedHeader(accessToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      preferred_username: 'admin',
      realm_access: { roles: ['ROLE_ADMIN'] },
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience('academy-api')
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await info(accessToken)).statusCode).toBe(200);
    const res = await info(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401 });
  });
});
