import { eq } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer } from '../../../test/auth';
import { uniqueCode } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { branches, departments } from '../../modules/org/tables';
import { externalIdentities, users } from '../../modules/users/tables';
import { startTestProvider, type TestProvider } from './test-provider';

let provider: TestProvider;
/** Links by employee code (`preferred_username` by default), creates nobody. */
let app: TestApp;

beforeAll(async () => {
  provider = await startTestProvider();
  app = await createTestApp({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'academy-web', OIDC_ROLES_CLAIM: 'roles' },
  });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

async function academyUser(t: TestApp, values: { access?: 'ALLOWED' | 'STOPPED'; email?: string } = {}) {
  const employeeCode = uniqueCode('X');
  const [row] = await t.database.db
    .insert(users)
    .values({
      employeeCode,
      email: values.email ?? `${employeeCode.toLowerCase()}@example.com`,
      fullName: `User ${employeeCode}`,
      access: values.access ?? 'ALLOWED',
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

const info = (t: TestApp, token: string) =>
  t.app.inject({ url: '/services/core/api/users/info', headers: bearer(token) });

const linksOf = (t: TestApp, userId: number) =>
  t.database.db.select().from(externalIdentities).where(eq(externalIdentities.userId, userId));

describe('signing in with an external provider', () => {
  test('a roles claim given as a space-separated string makes an admin', async () => {
    const user = await academyUser(app);
    const token = await provider.token({
      sub: 'sub-admin-string',
      preferred_username: user.employeeCode,
      roles: 'ROLE_ADMIN ROLE_STUDENT',
    });
    const res = await info(app, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ employeeCode: user.employeeCode, role: { codeName: 'ROLE_ADMIN' } });
    const list = await app.app.inject({ url: '/services/core/api/users', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
  });

  test('the first sign-in links the user with that employee code once, by (issuer, subject)', async () => {
    const user = await academyUser(app);
    const token = await provider.token({
      sub: 'sub-first',
      preferred_username: user.employeeCode.toLowerCase(),
    });
    expect((await info(app, token)).json()).toMatchObject({
      id: user.id,
      role: { codeName: 'ROLE_STUDENT' },
    });
    expect(await linksOf(app, user.id)).toEqual([
      expect.objectContaining({ issuer: provider.issuer, subject: 'sub-first', linkedBy: 'employee_code' }),
    ]);
  });

  test('a renamed account (another preferred_username) stays the same academy user', async () => {
    const user = await academyUser(app);
    const other = await academyUser(app);
    await info(app, await provider.token({ sub: 'sub-renamed', preferred_username: user.employeeCode }));
    // Renamed at the provider, even to the employee code of someone else: the link decides.
    for (const name of ['someone-new', other.employeeCode]) {
      const res = await info(app, await provider.token({ sub: 'sub-renamed', preferred_username: name }));
      expect(res.json()).toMatchObject({ id: user.id, employeeCode: user.employeeCode });
    }
    expect(await linksOf(app, other.id)).toEqual([]);
  });

  test('a second provider account naming an already linked user is refused, and the link does not move', async () => {
    const user = await academyUser(app);
    await info(app, await provider.token({ sub: 'sub-owner', preferred_username: user.employeeCode }));
    const res = await info(
      app,
      await provider.token({ sub: 'sub-intruder', preferred_username: user.employeeCode }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/already linked to another account/);
    expect((await linksOf(app, user.id)).map((link) => link.subject)).toEqual(['sub-owner']);
  });

  test('parallel first requests make one link', async () => {
    const user = await academyUser(app);
    const token = await provider.token({ sub: 'sub-parallel', preferred_username: user.employeeCode });
    const answers = await Promise.all(Array.from({ length: 8 }, () => info(app, token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await linksOf(app, user.id)).toHaveLength(1);
  });

  test('someone unknown to the academy is refused with a page-ready message when users are not created', async () => {
    const token = await provider.token({ sub: 'sub-stranger', preferred_username: 'nobody-here' });
    const res = await info(app, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You are signed in at the sign-in provider, but no academy user has your employee code. Ask an administrator to add you to the academy, then sign in again.',
    );
    // Public pages still answer with the same token.
    expect(
      (await app.app.inject({ url: '/services/core/api/course', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const [created] = await app.database.db.select().from(users).where(eq(users.employeeCode, 'nobody-here'));
    expect(created).toBeUndefined();
  });

  test('a stopped user is told their access has been stopped', async () => {
    const user = await academyUser(app, { access: 'STOPPED' });
    const res = await info(
      app,
      await provider.token({ sub: 'sub-stopped', preferred_username: user.employeeCode }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your access has been stopped');
  });

  test('the role follows the provider at each sign-in', async () => {
    const user = await academyUser(app);
    await info(
      app,
      await provider.token({
        sub: 'sub-promoted',
        preferred_username: user.employeeCode,
        roles: 'ROLE_ADMIN',
      }),
    );
    const demoted = await info(app, await provider.token({ sub: 'sub-promoted', roles: ['ROLE_STUDENT'] }));
    expect(demoted.json()).toMatchObject({ id: user.id, role: { codeName: 'ROLE_STUDENT' } });
  });

  test('someone promoted to admin at the provider manages every user from their very first request as admin', async () => {
    const user = await academyUser(app);
    const claims = { sub: 'sub-promoted-reach', preferred_username: user.employeeCode };
    expect(
      (await info(app, await provider.token({ ...claims, roles: 'ROLE_STUDENT' }))).json(),
    ).toMatchObject({
      role: { codeName: 'ROLE_STUDENT' },
    });
    const admin = await provider.token({ ...claims, roles: 'ROLE_ADMIN' });
    const list = await app.app.inject({ url: '/services/core/api/users', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(1);
  });

  test('a token issued to another client, another issuer or signed by another key is refused', async () => {
    const user = await academyUser(app);
    const claims = { sub: 'sub-audience', preferred_username: user.employeeCode };
    expect((await info(app, await provider.token({ ...claims, aud: 'someone-else' }))).statusCode).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    expect((await info(app, await provider.token(claims, privateKey))).statusCode).toBe(401);
    // Another client's token is accepted only through azp or client_id naming ours.
    const viaAzp = await provider.token({ ...claims, aud: 'account', azp: 'academy-web' });
    expect((await info(app, viaAzp)).statusCode).toBe(200);
    const viaClientId = await provider.token({ ...claims, aud: 'openid profile', client_id: 'academy-web' });
    expect((await info(app, viaClientId)).statusCode).toBe(200);
  });
});

describe('settings of an external provider', () => {
  test('OIDC_AUDIENCE requires that audience and nothing else', async () => {
    const t = await createTestApp({
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'academy-web', OIDC_AUDIENCE: 'api://academy' },
    });
    try {
      const user = await academyUser(t);
      const claims = { sub: 'sub-aud', preferred_username: user.employeeCode };
      expect((await info(t, await provider.token({ ...claims, aud: 'api://academy' }))).statusCode).toBe(200);
      expect((await info(t, await provider.token({ ...claims, aud: 'academy-web' }))).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  test('userinfo as the claims source: roles, employee code and name come from the provider’s answer', async () => {
    const t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'academy-web',
        OIDC_CLAIMS_SOURCE: 'userinfo',
        OIDC_ROLES_CLAIM: 'groups',
        OIDC_ADMIN_ROLES: 'academy-admins',
        OIDC_EMPLOYEE_CODE_CLAIM: 'employee_code',
      },
    });
    try {
      const user = await academyUser(t);
      const token = await provider.token({ sub: 'sub-userinfo', client_id: 'academy-web' });
      provider.setUserinfo(token, {
        sub: 'sub-userinfo',
        employee_code: user.employeeCode,
        groups: 'staff,academy-admins',
      });
      expect((await info(t, token)).json()).toMatchObject({ id: user.id, role: { codeName: 'ROLE_ADMIN' } });
      // An opaque token is vouched for by the userinfo answer alone.
      provider.setUserinfo('opaque-token', { sub: 'sub-userinfo', groups: [] });
      expect((await info(t, 'opaque-token')).json()).toMatchObject({
        id: user.id,
        role: { codeName: 'ROLE_STUDENT' },
      });
      // A userinfo answer about someone else than the token is refused.
      const mismatch = await provider.token({ sub: 'sub-a', client_id: 'academy-web' });
      provider.setUserinfo(mismatch, { sub: 'sub-b', employee_code: user.employeeCode });
      expect((await info(t, mismatch)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  test('linking by email takes a verified email only; creating users makes a linked learner', async () => {
    const t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'academy-web',
        OIDC_LINK_BY: 'email',
        OIDC_CREATE_USERS: 'true',
        OIDC_EMPLOYEE_CODE_CLAIM: 'employee_id',
      },
    });
    try {
      const user = await academyUser(t, { email: 'Mai.Tran@Example.com' });
      const unverified = await provider.token({
        sub: 'sub-mail-1',
        email: 'mai.tran@example.com',
        employee_id: 'E-1',
      });
      const refused = await info(t, unverified);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/did not send a verified email address/);
      const verified = await provider.token({
        sub: 'sub-mail-1',
        email: 'mai.tran@example.com',
        email_verified: true,
      });
      expect((await info(t, verified)).json()).toMatchObject({ id: user.id });

      const newcomer = await provider.token({
        sub: 'sub-new',
        email: 'new.person@example.com',
        email_verified: true,
        employee_id: 'E-NEW-1',
        name: 'New Person',
      });
      const created = await info(t, newcomer);
      expect(created.json()).toMatchObject({
        employeeCode: 'E-NEW-1',
        fullName: 'New Person',
        role: { codeName: 'ROLE_STUDENT' },
      });
      expect(await linksOf(t, created.json().id)).toEqual([
        expect.objectContaining({ linkedBy: 'created', subject: 'sub-new' }),
      ]);
    } finally {
      await t.close();
    }
  });

  test('with student roles configured, someone holding no mapped role is refused', async () => {
    const t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'academy-web',
        OIDC_ROLES_CLAIM: 'resource_access.academy-web.roles',
        OIDC_ADMIN_ROLES: 'admin',
        OIDC_STUDENT_ROLES: 'learner',
      },
    });
    try {
      const user = await academyUser(t);
      const claims = { sub: 'sub-roles', preferred_username: user.employeeCode };
      const none = await info(
        t,
        await provider.token({ ...claims, resource_access: { 'academy-web': { roles: ['x'] } } }),
      );
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toMatch(/has no role for the academy/);
      const learner = await provider.token({
        ...claims,
        resource_access: { 'academy-web': { roles: ['learner'] } },
      });
      expect((await info(t, learner)).json()).toMatchObject({ role: { codeName: 'ROLE_STUDENT' } });
    } finally {
      await t.close();
    }
  });

  test('an issuer that does not answer refuses tokens (401) without breaking public pages', async () => {
    const t = await createTestApp({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9/nowhere', OIDC_CLIENT_ID: 'academy-web' },
    });
    try {
      const token = await provider.token({ sub: 'sub-x' });
      expect((await info(t, token)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: '/services/core/api/course', headers: bearer(token) })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the org claims of an external provider', () => {
  test('place linked users too, and a department claim alone places only when one department has that name', async () => {
    const t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'academy-web',
        OIDC_CREATE_USERS: 'true',
        OIDC_DEPARTMENT_CLAIM: 'org.department',
      },
    });
    try {
      const [branch] = await t.database.db.select().from(branches).limit(1);
      if (!branch) throw new Error('no demo branch');
      const [unique] = await t.database.db
        .insert(departments)
        .values({ name: 'Only Here', branchId: branch.id })
        .returning();
      const user = await academyUser(t);
      const placeOf = async (id: number) =>
        (
          await t.database.db
            .select({
              serviceId: users.serviceId,
              branchId: users.branchId,
              departmentId: users.departmentId,
            })
            .from(users)
            .where(eq(users.id, id))
        )[0];
      // "Sales" is a department of every demo branch: which one is unknown, so no place.
      const sales = {
        sub: 'sub-org-linked',
        preferred_username: user.employeeCode,
        org: { department: 'Sales' },
      };
      expect((await info(t, await provider.token(sales))).json()).toMatchObject({ id: user.id });
      expect(await placeOf(user.id)).toEqual({ serviceId: null, branchId: null, departmentId: null });
      const only = await provider.token({ ...sales, org: { department: 'only here' } });
      expect((await info(t, only)).json()).toMatchObject({ id: user.id });
      expect(await placeOf(user.id)).toEqual({
        serviceId: branch.serviceId,
        branchId: branch.id,
        departmentId: unique?.id,
      });
    } finally {
      await t.close();
    }
  });
});
