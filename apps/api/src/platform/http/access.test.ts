import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import type { Database } from '../db/client';
import { API_PREFIX } from './access';

/** Every API route anyone may call without signing in. Adding one here is a deliberate act. */
const PUBLIC_API_ROUTES = [
  `GET ${API_PREFIX}/config`,
  // The API contract (issue 23), like the interactive docs beside it.
  `GET ${API_PREFIX}/openapi.json`,
  `GET ${API_PREFIX}/trademarks`,
  // The course pages visitors see (SPEC §2): featured courses, a course, a service's courses.
  `GET ${API_PREFIX}/course`,
  `GET ${API_PREFIX}/courses/:id`,
  `GET ${API_PREFIX}/coursesbyid/:id`,
  `GET ${API_PREFIX}/coursesbytrademark/:id`,
  // The public website (SPEC §2, §7): home page settings, introduction, news.
  `GET ${API_PREFIX}/homepage`,
  `GET ${API_PREFIX}/introduction`,
  `GET ${API_PREFIX}/news-categories`,
  `GET ${API_PREFIX}/searchnews`,
  `GET ${API_PREFIX}/outstandingnews`,
  `GET ${API_PREFIX}/news/:id`,
  // Forgot password (rate-limited).
  `GET ${API_PREFIX}/users/check-email`,
  `POST ${API_PREFIX}/users/recovery-password`,
  `POST ${API_PREFIX}/users/reset-password`,
  // Recruitment (SPEC §2): posts, their blank application form, applying (rate-limited).
  `GET ${API_PREFIX}/recruitment`,
  `GET ${API_PREFIX}/recruitment/branches`,
  `GET ${API_PREFIX}/recruitment/:id`,
  `GET ${API_PREFIX}/recruitment/:id/application-form`,
  `POST ${API_PREFIX}/recruitment/:id/apply`,
  // Certificate verification by its code (issue 9): who earned what and when.
  `GET ${API_PREFIX}/certificates/verify/:code`,
  // One search box (issue 22): the public finds courses, news and recruitment; signed in, more.
  `GET ${API_PREFIX}/search`,
  // A learner's calendar of due dates (issue 24), opened by calendar apps with its secret token.
  `GET ${API_PREFIX}/calendar/:token`,
];

describe('access guard', () => {
  let database: Database & { dispose: () => Promise<void> };
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, webDist: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('every API route declares who may call it, and only the expected ones are public', () => {
    const apiRoutes = app.routeAccessTable.filter((r) => r.url.startsWith(API_PREFIX) && r.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(3);
    for (const route of apiRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const publicRoutes = apiRoutes
      .filter((r) => r.access && 'public' in r.access && !r.url.startsWith(`${API_PREFIX}/docs`))
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(PUBLIC_API_ROUTES.slice().sort());
  });

  it('refuses to register an API route without an access rule', async () => {
    const probe = await buildApp({ config: testConfig(), database, webDist: false });
    expect(() => probe.get(`${API_PREFIX}/unguarded`, async () => ({ ok: true }))).toThrow(
      /declares no access rule/,
    );
    await probe.close();
  });

  it('answers 401 with the error shape when no token is sent', async () => {
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/users/info` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, error: 'Unauthorized', message: expect.any(String) });
  });

  it('answers 401 to a forged token', async () => {
    const forged = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxIn0', 'c2lnbmF0dXJl'].join('.');
    const res = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/users`,
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('serves the public config and the OpenAPI document without a token', async () => {
    const config = await app.inject({ method: 'GET', url: `${API_PREFIX}/config` });
    expect(config.json()).toEqual({
      oidc: {
        authority: 'http://localhost:3000/idp',
        clientId: 'academy-web',
        scope: 'openid profile email offline_access',
      },
      passwordsManagedBy: 'academy',
    });
    const docs = await app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths).toHaveProperty(`${API_PREFIX}/users/info`);
  });

  it('reports health when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});
