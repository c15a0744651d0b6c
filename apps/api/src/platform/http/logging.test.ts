import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { apiClient } from '../../../test/client';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { registerErrorHandling } from './errors';
import { loggerOptions, redactUrl, registerRequestLog } from './logging';

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
  // A route that fails the way a bug does: an unexpected error, answered 500.
  app.post('/services/core/api/test-crash', { config: { access: { signedIn: true } } }, async () => {
    throw new TypeError('Cannot read properties of undefined (reading "lessons")');
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

describe('5xx errors', () => {
  it('log one error line with the stack and the request id, and nothing secret; the answer has no stack', async () => {
    const { employeeCode } = DEMO_ACCOUNTS.student;
    const { password } = DEMO_ACCOUNTS.student;
    const tokens = await signIn(app, employeeCode, password);
    const res = await app.inject({
      method: 'POST',
      url: '/services/core/api/test-crash?token=QUERY-SECRET-1',
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        cookie: 'session=COOKIE-SECRET-2',
        'x-request-id': 'req-crash-1',
      },
      payload: { password: 'BODY-SECRET-3', newPassword: 'BODY-SECRET-4' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      error: 'Internal Server Error',
      message: 'System error! Please contact your administrator',
    });
    expect(res.body).not.toMatch(/TypeError|at /);
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === 'req-crash-1');
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    const err = errors[0]?.err as { type: string; message: string; stack: string };
    expect(err.type).toBe('TypeError');
    expect(err.stack).toMatch(/TypeError: Cannot read properties[^\n]*\n\s+at /);
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({
      status: 500,
      route: '/services/core/api/test-crash',
    });
    for (const secret of [
      tokens.accessToken,
      'QUERY-SECRET-1',
      'COOKIE-SECRET-2',
      'BODY-SECRET-3',
      'BODY-SECRET-4',
      password,
    ]) {
      expect(JSON.stringify(lines)).not.toContain(secret);
    }
  });
});

describe('LOG_LEVEL', () => {
  async function linesAt(level: string): Promise<Array<Record<string, unknown>>> {
    let out = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    const small = Fastify({ logger: loggerOptions(testConfig({ LOG_LEVEL: level }), stream) });
    registerErrorHandling(small);
    registerRequestLog(small);
    small.get('/ok', async () => ({ ok: true }));
    small.get('/crash', async () => {
      throw new Error('boom');
    });
    await small.inject({ url: '/ok' });
    await small.inject({ url: '/crash' });
    await small.close();
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('sets what is logged: info has the request lines, warn and error only the failures, silent nothing', async () => {
    const info = await linesAt('info');
    expect(info.filter((l) => l.msg === 'request').map((l) => l.status)).toEqual([200, 500]);
    expect(info.filter((l) => l.level === 50)).toHaveLength(1);
    for (const level of ['warn', 'error']) {
      const lines = await linesAt(level);
      expect(lines.map((l) => l.msg)).toEqual(['unhandled error']);
    }
    expect(await linesAt('silent')).toEqual([]);
  });
});
