import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { apiClient } from '../../../test/client';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { redactUrl } from './logging';

/** Issue 11: a full run at the most verbose level never writes a password or a token to the log. */
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let log = '';
let dataDir = '';

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  dataDir = await tempDataDir();
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace', DATA_DIR: dataDir }),
    database,
    webDist: false,
    logStream: stream,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('logs', () => {
  it('redacts secret query parameters from logged URLs and keeps the rest', () => {
    expect(redactUrl('/auth/callback?code=abc&state=xyz&iss=http%3A%2F%2Fx')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx',
    );
    expect(redactUrl('/media/v/1/master.m3u8?token=1.2.sig')).toBe('/media/v/1/master.m3u8?token=[redacted]');
    expect(redactUrl('/news?page=2')).toBe('/news?page=2');
  });

  it('hold no password, access token, refresh token, code or reset token after a full sign-in and API use', async () => {
    const { password, employeeCode } = DEMO_ACCOUNTS.student;
    const tokens = await signIn(app, employeeCode, password);
    const student = apiClient(app, tokens.accessToken);
    expect((await student.get('users/info')).statusCode).toBe(200);
    await student.post('users/change-password', {
      oldPassword: password,
      newPassword: 'x',
      confirmPassword: 'y',
    });
    await app.inject({ url: '/auth/callback?code=CODE-SECRET-123&state=STATE-SECRET-456' });
    await app.inject({ url: '/forgot-password?token=RESET-SECRET-789' });
    // A live reset link is mailed (here: written to the outbox), never logged.
    const recovery = await apiClient(app, undefined).post('users/recovery-password', {
      email: 'staff@academy.example.com',
    });
    expect(recovery.statusCode, recovery.body).toBeLessThan(300);
    const outbox = path.join(dataDir, 'outbox');
    const mail = await fs.readFile(path.join(outbox, (await listFiles(outbox)).at(-1) ?? ''), 'utf8');
    const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const resetToken = /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(decoded)?.[1];
    expect(resetToken).toBeTruthy();
    await app.inject({
      url: '/services/core/api/users/info',
      headers: { authorization: 'Bearer BEARER-SECRET-0' },
    });

    expect(log.length).toBeGreaterThan(1000);
    expect(log).toContain('[redacted]');
    for (const secret of [
      password,
      tokens.accessToken,
      tokens.refreshToken,
      'CODE-SECRET-123',
      'STATE-SECRET-456',
      'RESET-SECRET-789',
      'BEARER-SECRET-0',
      resetToken,
    ]) {
      if (secret) expect(log, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
  });

  it('writes one line per request with the route pattern, status, duration, user and request id', async () => {
    const { password, employeeCode } = DEMO_ACCOUNTS.staff;
    const tokens = await signIn(app, employeeCode, password);
    await apiClient(app, tokens.accessToken).get('news-categories');
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request' && line.route === '/services/core/api/news-categories');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      method: 'GET',
      status: 200,
      userId: expect.any(Number),
      reqId: expect.any(String),
      ms: expect.any(Number),
    });
  });
});
