import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignInForm, signIn, submitSignInForm } from '../../../test/auth';
import { tempDataDir } from '../../../test/files';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import type { Jobs } from '../jobs/jobs';
import { LocalStorage } from '../storage/local';
import { healthReport } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('gives every response an x-request-id, a fresh UUID per request', async () => {
    const a = await t.app.inject({ url: '/services/core/api/config' });
    const b = await t.app.inject({ url: '/services/core/api/config' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a proxy's plain request id and replaces one that is unsafe to log", async () => {
    const kept = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'edge-42.a:b' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a:b');
    const replaced = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'a b\tinjected' } });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
  });

  it('writes the request id on the structured log lines of that request', async () => {
    const database = await createTestDatabase();
    let log = '';
    const stream = new PassThrough().on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'debug' }),
      database,
      webDist: false,
      logStream: stream,
    });
    try {
      const res = await app.inject({ url: '/health', headers: { 'x-request-id': 'trace-me-1' } });
      expect(res.headers['x-request-id']).toBe('trace-me-1');
      const lines = log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
      const mine = lines.filter((line) => line.reqId === 'trace-me-1').map((line) => line.msg);
      expect(mine).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('also tags replies written outside Fastify (the identity provider)', async () => {
    const res = await t.app.inject({ url: '/idp/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('GET /metrics', () => {
  it('exposes request durations by route pattern, sign-ins by outcome, queue depth and encoding jobs', async () => {
    await t.app.inject({ url: '/services/core/api/config' });
    const student = DEMO_ACCOUNTS.student;
    await signIn(t.app, student.employeeCode, student.password, { remoteAddress: '198.51.100.7' });
    const { flow, action } = await openSignInForm(t.app, { remoteAddress: '198.51.100.8' });
    const refused = await submitSignInForm(t.app, flow, action, student.employeeCode, 'wrong password');
    expect(refused.statusCode).toBe(401);

    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /academy_http_request_duration_seconds_count\{method="GET",route="\/services\/core\/api\/config",status_code="200"\} \d+/,
    );
    // The interaction id in the URL is a label value only as the route's pattern.
    expect(text).toContain('route="/idp/interaction/:uid"');
    const uid = action.split('/').at(-1) ?? '';
    expect(text).not.toContain(uid);
    expect(text).toMatch(/academy_sign_ins_total\{outcome="success"\} 1\b/);
    expect(text).toMatch(/academy_sign_ins_total\{outcome="failure"\} 1\b/);
    expect(text).toMatch(/academy_job_queue_depth\{queue="media-encode"\} \d+/);
    for (const state of ['queued', 'encoding', 'ready', 'failed']) {
      expect(text).toMatch(new RegExp(`academy_encoding_jobs\\{state="${state}"\\} \\d+`));
    }
    expect(text).toContain('academy_process_resident_memory_bytes');
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await createTestApp({ env: { METRICS_TOKEN: 'scrape-secret' }, seed: false });
    try {
      const anonymous = await guarded.app.inject({ url: '/metrics' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('academy_');
      const wrong = await guarded.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      const scraper = await guarded.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer scrape-secret' },
      });
      expect(scraper.statusCode).toBe(200);
      expect(scraper.body).toContain('academy_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});

describe('ACADEMY_ROLE=worker', () => {
  it('answers /health and /metrics only: the API, sign-in and web app are 404', async () => {
    const worker = await createTestApp({ env: { ACADEMY_ROLE: 'worker' }, seed: false });
    try {
      const health = await worker.app.inject({ url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', jobs: 'starting' });
      expect((await worker.app.inject({ url: '/metrics' })).statusCode).toBe(200);
      for (const url of [
        '/services/core/api/config',
        '/idp/.well-known/openid-configuration',
        '/',
        '/healthz',
      ]) {
        const res = await worker.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toContain('background jobs only');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await worker.close();
    }
  });

  it('says jobs are off in an api process', async () => {
    const api = await createTestApp({ env: { ACADEMY_ROLE: 'api' }, seed: false });
    try {
      expect((await api.app.inject({ url: '/health' })).json()).toMatchObject({ status: 'ok', jobs: 'off' });
    } finally {
      await api.close();
    }
  });
});

describe('GET /health', () => {
  it('reports database, storage and job runner apart, 200 when all are fine', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    // Workers start when the server listens; tests only inject.
    expect(res.json()).toEqual({ status: 'ok', database: 'up', storage: 'up', jobs: 'starting' });
  });

  it('answers 503 while the database is down, and recovers when it is back', async () => {
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const down = await t.app.inject({ url: '/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', database: 'down', storage: 'up' });
    } finally {
      t.database.ping = ping;
    }
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('says degraded (still 200-worthy) when storage fails, and off when this process runs no workers', async () => {
    const dir = await tempDataDir();
    const blocker = path.join(dir, 'not-a-folder');
    await fs.writeFile(blocker, 'x');
    const jobs = { workerState: () => 'off' } as unknown as Jobs;
    const report = await healthReport({
      database: t.database,
      storage: new LocalStorage(path.join(blocker, 'files')),
      jobs,
      runsJobs: false,
    });
    expect(report).toEqual({ status: 'degraded', database: 'up', storage: 'down', jobs: 'off' });
    const failed = { workerState: () => 'failed' } as unknown as Jobs;
    const storage = new LocalStorage(path.join(dir, 'files'));
    expect(await healthReport({ database: t.database, storage, jobs: failed, runsJobs: true })).toEqual({
      status: 'degraded',
      database: 'up',
      storage: 'up',
      jobs: 'failed',
    });
  });
});
