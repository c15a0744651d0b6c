import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authorize,
  bearer,
  openSignInForm,
  refreshTokens,
  signIn,
  signInWithFlow,
  submitSignInForm,
} from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { loginHistory, users } from '../../modules/users/tables';
import { SIGN_IN_MESSAGES } from './interactions';
import { SIGN_IN_LIMITS } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each test signs in from its own address so the per-IP limit of one never blocks another. */
let nextHost = 10;
const fromNewAddress = () => ({ remoteAddress: `198.51.100.${nextHost++}` });

async function userId(code: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.employeeCode, code));
  if (!row) throw new Error(`no user ${code}`);
  return row.id;
}

describe('tokens', () => {
  test.each([
    ['admin', 'ROLE_ADMIN'],
    ['staff', 'ROLE_STUDENT'],
    ['student', 'ROLE_STUDENT'],
    ['newhire', 'ROLE_STUDENT'],
  ] as const)('%s signs in and gets API tokens naming them and their role', async (key, role) => {
    const account = DEMO_ACCOUNTS[key];
    const tokens = await signIn(t.app, account.employeeCode, account.password, fromNewAddress());

    const access = decodeJwt(tokens.accessToken);
    expect(access).toMatchObject({
      iss: 'http://localhost:3000/idp',
      aud: 'academy-api',
      sub: String(await userId(account.employeeCode)),
      client_id: 'academy-web',
      preferred_username: account.employeeCode,
      realm_access: { roles: [role] },
    });
    expect(access.email).toEqual(expect.stringContaining('@'));
    expect(typeof access.name).toBe('string');
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(15 * 60);
    expect(tokens.expiresIn).toBe(15 * 60);
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(access.scope).toBe(tokens.scope);

    const id = decodeJwt(tokens.idToken);
    expect(id).toMatchObject({
      aud: 'academy-web',
      sub: access.sub,
      preferred_username: account.employeeCode,
      email: access.email,
      name: access.name,
      realm_access: { roles: [role] },
    });
    expect(tokens.refreshToken).toMatch(/^[\w-]{20,}$/);
  });

  test('discovery describes the provider: S256 only, code flow, our userinfo and logout', async () => {
    const res = await t.app.inject({ url: '/idp/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: 'http://localhost:3000/idp',
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      userinfo_endpoint: 'http://localhost:3000/idp/me',
    });
    expect(doc.end_session_endpoint).toMatch(/\/idp\/session\/end$/);
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    const jwks = await t.app.inject({ url: '/idp/jwks' });
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.json().keys[0].d).toBeUndefined();
  });

  test('refresh tokens rotate: the new pair works, the old refresh token does not', async () => {
    const first = await signIn(t.app, 'student', 'Student@2026', fromNewAddress());
    const second = await refreshTokens(t.app, first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.scope).toBe(first.scope);
    expect(decodeJwt(second.accessToken)).toMatchObject({
      preferred_username: 'student',
      aud: 'academy-api',
    });
    const info = await t.app.inject({
      url: '/services/core/api/users/info',
      headers: bearer(second.accessToken),
    });
    expect(info.json()).toMatchObject({ role: { codeName: 'ROLE_STUDENT' } });
    await expect(refreshTokens(t.app, first.refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  test('the app can revoke its refresh token (revocation endpoint)', async () => {
    const { refreshToken } = await signIn(t.app, 'student', 'Student@2026', fromNewAddress());
    const res = await t.app.inject({
      method: 'POST',
      url: '/idp/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: refreshToken, client_id: 'academy-web' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    await expect(refreshTokens(t.app, refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  test('/idp/me answers the user’s claims for an access token and refuses anything else', async () => {
    const { accessToken } = await signIn(t.app, 'staff', 'Staff@2026', fromNewAddress());
    const me = await t.app.inject({ url: '/idp/me', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      sub: String(await userId('staff')),
      preferred_username: 'staff',
      email: 'staff@academy.example.com',
      name: 'Linh Tran',
      realm_access: { roles: ['ROLE_STUDENT'] },
    });
    const none = await t.app.inject({ url: '/idp/me' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('invalid_request');
    const forged = await t.app.inject({ url: '/idp/me', headers: bearer(`${accessToken.slice(0, -4)}AAAA`) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'invalid_token' });
  });
});

describe('authorization requests', () => {
  test('a request without a PKCE code_challenge is refused and gets no code', async () => {
    const { response } = await authorize(t.app, {
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    expect(response.statusCode).toBe(303);
    const back = new URL(response.headers.location as string);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/auth/callback');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/requires PKCE/);
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('the plain PKCE method is refused', async () => {
    const { response } = await authorize(t.app, {
      code_challenge_method: 'plain',
      code_challenge: 'x'.repeat(43),
    });
    const back = new URL(response.headers.location as string);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/code_challenge_method/);
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('an unregistered redirect_uri gets an error page, never a redirect', async () => {
    const { response } = await authorize(t.app, { redirect_uri: 'https://evil.example/cb' });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Sign-in problem');
    expect(response.body).toContain('redirect_uri');
  });

  test('an unknown or expired interaction shows an honest page', async () => {
    const res = await t.app.inject({ url: '/idp/interaction/nope' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(SIGN_IN_MESSAGES.expired);
    expect(res.body).not.toContain('<form');
  });

  test('a browser with a session gets a code straight away, without the form', async () => {
    const { flow } = await signInWithFlow(t.app, 'student', 'Student@2026', fromNewAddress());
    const { response } = await authorize(t.app, {}, flow.request, flow.jar);
    expect(response.statusCode).toBe(303);
    const back = new URL(response.headers.location as string);
    expect(back.pathname).toBe('/auth/callback');
    expect(back.searchParams.get('code')).toBeTruthy();
  });
});

describe('the sign-in page', () => {
  test('is our branded, script-free HTML form with username and password', async () => {
    const { page, action } = await openSignInForm(t.app, fromNewAddress());
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(action).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    const html = page.body;
    expect(html).toContain('<form method="post"');
    expect(html).toContain('name="username"');
    expect(html).toContain('Employee code or email');
    expect(html).toContain('name="password" type="password"');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('#251A5B');
    expect(html).toContain('#FF5000');
    expect(html).toContain('Academy');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Create an account');
  });

  test('a wrong password re-shows the form with the generic error, the username escaped, and no code', async () => {
    const { flow, action } = await openSignInForm(t.app, fromNewAddress());
    const wrong = await submitSignInForm(t.app, flow, action, 'student', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers.location).toBeUndefined();
    expect(wrong.body).toContain(SIGN_IN_MESSAGES.incorrect);
    expect(wrong.body).toContain('value="student"');
    expect(wrong.body).not.toContain('not-the-password');

    const unknown = await submitSignInForm(t.app, flow, action, '<b>"x"</b>', 'whatever');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain(SIGN_IN_MESSAGES.incorrect);
    expect(unknown.body).toContain('value="&lt;b&gt;&quot;x&quot;&lt;/b&gt;"');
    expect(unknown.body).not.toContain('<b>"x"</b>');
  });

  test('the username is an employee code or an email, in any case', async () => {
    const [student] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.employeeCode, 'student'));
    const byEmail = await signIn(t.app, student?.email.toUpperCase() ?? '', 'Student@2026', fromNewAddress());
    const byCode = await signIn(t.app, ' STUDENT ', 'Student@2026', fromNewAddress());
    expect(decodeJwt(byEmail.accessToken).sub).toBe(decodeJwt(byCode.accessToken).sub);
  });

  test('a stopped user with the right password is told their access is stopped and whom to contact; their refresh token stops working', async () => {
    const before = await signIn(t.app, 'student', 'Student@2026', fromNewAddress());
    await t.database.db.update(users).set({ access: 'STOPPED' }).where(eq(users.employeeCode, 'student'));
    try {
      const { flow, action } = await openSignInForm(t.app, fromNewAddress());
      const res = await submitSignInForm(t.app, flow, action, 'student', 'Student@2026');
      expect(res.statusCode).toBe(403);
      expect(res.headers.location).toBeUndefined();
      // ACCESS_STOPPED_CONTACT's default names whom to contact.
      expect(res.body).toContain(SIGN_IN_MESSAGES.stopped('your administrator or training coordinator'));
      expect(res.body).not.toContain(SIGN_IN_MESSAGES.incorrect);
      await expect(refreshTokens(t.app, before.refreshToken)).rejects.toThrow(/invalid_grant/);
    } finally {
      await t.database.db.update(users).set({ access: 'ALLOWED' }).where(eq(users.employeeCode, 'student'));
    }
  });

  test('a stopped user with a wrong password is told nothing more than anyone else, and it counts toward the lockout', async () => {
    const code = 'E1030'; // a demo employee whose access is stopped
    const [row] = await t.database.db
      .select({ access: users.access })
      .from(users)
      .where(eq(users.employeeCode, code));
    expect(row?.access).toBe('STOPPED');
    for (let i = 0; i < SIGN_IN_LIMITS.perUsername; i++) {
      const { flow, action } = await openSignInForm(t.app, fromNewAddress());
      const wrong = await submitSignInForm(t.app, flow, action, code, `wrong-${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain(SIGN_IN_MESSAGES.incorrect);
      expect(wrong.body).not.toContain('stopped');
    }
    // Locked out: even the right password now learns nothing about the account.
    const { flow, action } = await openSignInForm(t.app, fromNewAddress());
    const blocked = await submitSignInForm(t.app, flow, action, code, 'Employee@2026');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).not.toContain('stopped');
  });

  test('a successful sign-in is recorded in the login history with IP and browser', async () => {
    await signIn(t.app, 'staff', 'Staff@2026', {
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'HistoryTest/1.0' },
    });
    const rows = await t.database.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.userId, await userId('staff')));
    expect(rows).toContainEqual(
      expect.objectContaining({ ip: '203.0.113.7', userAgent: 'HistoryTest/1.0', at: expect.any(Date) }),
    );
  });
});

describe('rate limits', () => {
  test(`after ${SIGN_IN_LIMITS.perUsername} failures a username is locked out, even with the right password`, async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perUsername; i++) {
      const { flow, action } = await openSignInForm(t.app, fromNewAddress());
      const res = await submitSignInForm(t.app, flow, action, 'Admin', `wrong-${i}`);
      expect(res.body).toContain(SIGN_IN_MESSAGES.incorrect);
    }
    const { flow, action } = await openSignInForm(t.app, fromNewAddress());
    const blocked = await submitSignInForm(t.app, flow, action, 'admin', 'Admin@2026');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers.location).toBeUndefined();
    expect(blocked.body).toContain(SIGN_IN_MESSAGES.tooManyAttempts);
    // Other users are not affected.
    await expect(signIn(t.app, 'staff', 'Staff@2026', fromNewAddress())).resolves.toBeTruthy();
  });

  test('parallel wrong passwords for one account are counted one by one: the lock comes exactly at the limit', async () => {
    const tries = 25;
    const forms = await Promise.all(
      Array.from({ length: tries }, () => openSignInForm(t.app, fromNewAddress())),
    );
    const answers = await Promise.all(
      forms.map(({ flow, action }, i) => submitSignInForm(t.app, flow, action, 'E1005', `wrong-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.perUsername);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - SIGN_IN_LIMITS.perUsername);
    // And the right password is refused too until the window has passed.
    const { flow, action } = await openSignInForm(t.app, fromNewAddress());
    const blocked = await submitSignInForm(t.app, flow, action, 'E1005', 'Employee@2026');
    expect(blocked.statusCode).toBe(429);
  });

  test(`after ${SIGN_IN_LIMITS.perIp} failures from one address it is locked out, other addresses are not`, async () => {
    const address = fromNewAddress();
    const { flow, action } = await openSignInForm(t.app, address);
    for (let i = 0; i < SIGN_IN_LIMITS.perIp; i++) {
      const res = await submitSignInForm(t.app, flow, action, `nobody-${i}`, 'guess');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await submitSignInForm(t.app, flow, action, 'newhire', 'Newhire@2026');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain(SIGN_IN_MESSAGES.tooManyAttempts);
    await expect(signIn(t.app, 'newhire', 'Newhire@2026', fromNewAddress())).resolves.toBeTruthy();
  });
});

describe('sign-out', () => {
  test.each([
    ['', {}],
    [' (even with offline_access)', { prompt: 'consent' }],
  ])(
    'ends the session in one step, revokes the refresh token and returns to the app%s',
    async (_, params) => {
      const { tokens, flow } = await signInWithFlow(
        t.app,
        'student',
        'Student@2026',
        fromNewAddress(),
        params,
      );
      expect(tokens.scope.includes('offline_access')).toBe('prompt' in params);
      const query = new URLSearchParams({
        id_token_hint: tokens.idToken,
        post_logout_redirect_uri: 'http://localhost:3000/',
        state: 'bye',
      });
      const cookie = flow.jar.header();
      const confirm = await t.app.inject({ url: `/idp/session/end?${query}`, headers: { cookie } });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.body).toContain('name="logout" value="yes"');
      expect(confirm.body).toContain('.submit()'); // submits itself: one click from the app
      const form = confirm.body.match(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/);
      const fields = Object.fromEntries(
        [...(form?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      const done = await t.app.inject({
        method: 'POST',
        url: new URL(form?.[1] ?? '', 'http://localhost').pathname,
        headers: { cookie: flow.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost:3000/?state=bye');

      flow.jar.store(done);
      await expect(refreshTokens(t.app, tokens.refreshToken)).rejects.toThrow(/invalid_grant/);
      const again = await authorize(t.app, {}, flow.request, flow.jar);
      expect(again.response.headers.location).toMatch(/\/idp\/interaction\//);
    },
  );
});

describe('registration', () => {
  test('the "Create an account" link shows only when IDP_REGISTRATION is on', async () => {
    expect((await t.app.inject({ url: '/idp/register' })).statusCode).toBe(404);
    const withRegistration = await createTestApp({ seed: false, env: { IDP_REGISTRATION: 'true' } });
    try {
      const { page } = await openSignInForm(withRegistration.app);
      expect(page.body).toContain('<a href="/idp/register">Create an account</a>');
      const info = await withRegistration.app.inject({ url: '/idp/register' });
      expect(info.statusCode).toBe(200);
      expect(info.body).toContain('created by your administrator');
    } finally {
      await withRegistration.close();
    }
  });
});
