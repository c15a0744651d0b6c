import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authorize, bearer, refreshTokens, signInWithFlow } from '../../../test/auth';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.dispose();
});

async function startApp(): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, webDist: false });
  await app.ready();
  return app;
}

const usersInfo = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/services/core/api/users/info', headers: bearer(token) });

test('a restart keeps signing keys, sessions and refresh tokens', async () => {
  const before = await startApp();
  const { tokens, flow } = await signInWithFlow(before, 'student', 'Student@2026');
  await before.close();

  const after = await startApp();
  try {
    // The access token signed before the restart still verifies: the keys were kept.
    expect((await usersInfo(after, tokens.accessToken)).json()).toMatchObject({
      role: { codeName: 'ROLE_STUDENT' },
    });
    // The refresh token issued before the restart still works.
    const refreshed = await refreshTokens(after, tokens.refreshToken);
    const info = await usersInfo(after, refreshed.accessToken);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ role: { codeName: 'ROLE_STUDENT' }, activePassword: true });
    // The browser's session survived too: a new authorization needs no password.
    const { response } = await authorize(after, {}, flow.request, flow.jar);
    expect(new URL(response.headers.location as string).searchParams.get('code')).toBeTruthy();
  } finally {
    await after.close();
  }
});

test('two processes on one database share sessions and tokens', async () => {
  const [a, b] = await Promise.all([startApp(), startApp()]);
  try {
    const { tokens, flow } = await signInWithFlow(a, 'staff', 'Staff@2026');
    const fromB = await refreshTokens(b, tokens.refreshToken);
    expect((await usersInfo(a, fromB.accessToken)).json()).toMatchObject({
      permissions: expect.arrayContaining(['NEWS_MANAGEMENT', 'COURSE_MANAGEMENT']),
    });
    const { response } = await authorize(b, {}, flow.request, flow.jar);
    expect(new URL(response.headers.location as string).searchParams.get('code')).toBeTruthy();
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});
