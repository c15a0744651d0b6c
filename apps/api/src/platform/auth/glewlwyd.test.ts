import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  GLEWLWYD_USERS,
  glewlwydInstalled,
  type RunningGlewlwyd,
  startGlewlwyd,
  updateGlewlwydUser,
} from '../../../../../scripts/glewlwyd/glewlwyd.mjs';
import { bearer } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { externalIdentities, users } from '../../modules/users/tables';
import { glewlwydSignIn } from './glewlwyd-flow';

// A real provider we did not write: Debian's glewlwyd, started here on a free loopback port with
// the configuration of scripts/glewlwyd (a public PKCE client, users, a roles claim given as a
// string). `.ci/run` installs it; without it these tests are skipped and say so.
const installed = glewlwydInstalled();
const APP_URL = 'http://127.0.0.1:3999'; // only a redirect URI: the flow never reaches the web app
const user = (username: string) => {
  const found = GLEWLWYD_USERS.find((u) => u.username === username);
  if (!found) throw new Error(`no glewlwyd user ${username}`);
  return found;
};

const dir = path.resolve(import.meta.dirname, '../../../../..', `.tmp/glewlwyd-api-${process.pid}`);
let provider: RunningGlewlwyd;
let app: TestApp;

beforeAll(async () => {
  if (!installed) return;
  provider = await startGlewlwyd({ dir, appUrls: [APP_URL] });
  app = await createTestApp({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLAIMS_SOURCE: 'userinfo',
      OIDC_ROLES_CLAIM: 'roles',
      OIDC_EMPLOYEE_CODE_CLAIM: 'employee_code',
    },
  });
}, 30_000);
afterAll(async () => {
  await app?.close();
  await provider?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signInAs(username: string, nonce?: string) {
  const { password } = user(username);
  return glewlwydSignIn(provider.base, provider.issuer, {
    clientId: provider.clientId,
    redirectUri: `${APP_URL}/auth/callback`,
    username,
    password,
    nonce,
  });
}

const info = (token: string) =>
  app.app.inject({ url: '/services/core/api/users/info', headers: bearer(token) });

describe.skipIf(!installed)('signing in through Glewlwyd 2.7 (a real external provider)', () => {
  test('its ID token carries the nonce the client sent, for the client to check', async () => {
    const tokens = await signInAs('leo', 'nonce-from-the-client');
    expect(decodeJwt(tokens.idToken)).toMatchObject({
      nonce: 'nonce-from-the-client',
      aud: provider.clientId,
    });
  });

  test('an admin by a roles claim given as the string "ROLE_ADMIN ROLE_STUDENT" reaches management', async () => {
    const { accessToken } = await signInAs('ada');
    expect(decodeJwt(accessToken).roles).toBeUndefined(); // Glewlwyd's claims come from userinfo
    const me = await info(accessToken);
    expect(me.json()).toMatchObject({ employeeCode: 'admin', role: { codeName: 'ROLE_ADMIN' } });
    const list = await app.app.inject({ url: '/services/core/api/users', headers: bearer(accessToken) });
    expect(list.statusCode).toBe(200);
  });

  test('a learner is linked to the academy user with their employee code, by Glewlwyd’s sub', async () => {
    const { accessToken } = await signInAs('leo');
    const me = await info(accessToken);
    expect(me.json()).toMatchObject({ employeeCode: 'student', role: { codeName: 'ROLE_STUDENT' } });
    const [link] = await app.database.db
      .select()
      .from(externalIdentities)
      .innerJoin(users, eq(users.id, externalIdentities.userId))
      .where(eq(users.employeeCode, 'student'));
    expect(link?.external_identities).toMatchObject({
      issuer: provider.issuer,
      subject: decodeJwt(accessToken).sub,
      linkedBy: 'employee_code',
    });
  });

  test('renaming preferred_username (and even the employee code) at Glewlwyd keeps the same academy user', async () => {
    const before = (await info((await signInAs('leo')).accessToken)).json();
    await updateGlewlwydUser(provider.base, 'leo', {
      preferred_username: 'leo-renamed',
      employee_code: 'staff',
    });
    try {
      const after = await info((await signInAs('leo')).accessToken);
      expect(after.json()).toMatchObject({ id: before.id, employeeCode: 'student' });
    } finally {
      await updateGlewlwydUser(provider.base, 'leo', { preferred_username: 'leo', employee_code: 'student' });
    }
  });

  test('someone Glewlwyd knows and the academy does not is refused with a message, not created', async () => {
    const res = await info((await signInAs('nina')).accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/no academy user has your employee code/);
  });
});
