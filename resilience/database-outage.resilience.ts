import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres } from './lib/postgres';
import { startServer } from './lib/server';
import { signIn } from './lib/sign-in';

/**
 * PostgreSQL stops for 10 s while requests keep coming (health checks and a learner's reads):
 * the API answers each one 503 with the "unavailable" message within 2 s while the database is
 * gone, and serves again by itself within seconds of the database coming back — same process,
 * no restart.
 */

const tmp = path.resolve(import.meta.dirname, '../.tmp/resilience');
const API = '/services/core/api';
const DOWN_MS = 10_000;
const ANSWER_WITHIN_MS = 2000;
const RECOVER_WITHIN_MS = 5000;

type Sample = { path: string; startedAt: number; ms: number; status: number; body: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stops for 10 s under load', () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 quickly while it is down and recovers without a restart', async () => {
    const pg = await startPrivatePostgres('outage');
    cleanups.push(() => pg.destroy());
    const server = await startServer({ dataDir: path.join(tmp, 'outage'), databaseUrl: pg.url });
    cleanups.push(() => server.kill());
    cleanups.push(() => writeFileSync(path.join(tmp, 'outage.log'), server.output()));
    const { access_token: token } = await signIn(server.url, 'student', 'Student@2026');
    const auth = { authorization: `Bearer ${token}` };
    const paths = ['/health', `${API}/users/info`, `${API}/my-courses`, `${API}/my-courses/history`];

    const samples: Sample[] = [];
    let running = true;
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const target = paths[i % paths.length] as string;
        const startedAt = Date.now();
        let status = 0;
        let body = '';
        try {
          const res = await fetch(`${server.url}${target}`, {
            headers: target === '/health' ? {} : auth,
            signal: AbortSignal.timeout(15_000),
          });
          status = res.status;
          body = await res.text();
        } catch (err) {
          body = String(err);
        }
        samples.push({ path: target, startedAt, ms: Date.now() - startedAt, status, body });
        await sleep(50);
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));

    await sleep(2000);
    const stoppedAt = Date.now();
    pg.stop();
    const downFrom = Date.now();
    await sleep(DOWN_MS - (downFrom - stoppedAt));
    const downTo = Date.now();
    pg.start();
    const backAt = Date.now();
    await sleep(RECOVER_WITHIN_MS + 3000);
    running = false;
    await load;

    const before = samples.filter((s) => s.startedAt < stoppedAt && s.startedAt + s.ms < stoppedAt);
    const down = samples.filter((s) => s.startedAt >= downFrom && s.startedAt + s.ms <= downTo);
    const after = samples.filter((s) => s.startedAt >= backAt + RECOVER_WITHIN_MS);
    const summary = (list: Sample[]) =>
      list.reduce<Record<string, number>>((acc, s) => {
        acc[s.status] = (acc[s.status] ?? 0) + 1;
        return acc;
      }, {});
    const slowestDown = Math.max(...down.map((s) => s.ms));
    const firstOk = samples.find((s) => s.startedAt >= backAt && s.status === 200 && s.path !== '/health');
    console.log(
      JSON.stringify({
        before: summary(before),
        down: summary(down),
        slowestDownMs: slowestDown,
        recoveredAfterMs: firstOk ? firstOk.startedAt + firstOk.ms - backAt : null,
        after: summary(after),
      }),
    );

    expect(before.length).toBeGreaterThan(10);
    for (const s of before) expect(s.status, `${s.path}: ${s.body.slice(0, 200)}`).toBe(200);

    // Down: every request answered, 503, fast, with the clear JSON error and nothing internal.
    expect(down.length).toBeGreaterThan(40);
    expect(slowestDown).toBeLessThan(ANSWER_WITHIN_MS);
    for (const s of down) {
      expect(s.status, `${s.path}: ${s.body}`).toBe(503);
      const body = JSON.parse(s.body) as Record<string, unknown>;
      if (s.path === '/health') {
        expect(body).toMatchObject({ status: 'unavailable', database: 'down' });
      } else {
        expect(body).toEqual({
          status: 503,
          error: 'Service Unavailable',
          message: 'The system is unavailable, please try again later',
        });
      }
      expect(s.body).not.toMatch(/select |ECONNREFUSED|stack|\bat .*\.js/i);
    }

    // Back: serving again within seconds, by itself.
    expect(firstOk, 'no successful read after the database came back').toBeDefined();
    expect((firstOk as Sample).startedAt + (firstOk as Sample).ms - backAt).toBeLessThan(RECOVER_WITHIN_MS);
    expect(after.length).toBeGreaterThan(10);
    for (const s of after) expect(s.status, `${s.path}: ${s.body}`).toBe(200);
    const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', database: 'up' });
    // The same process all along: it started (and said so) once.
    expect(server.output().match(/Academy is serving/g)).toHaveLength(1);
    // Outages are logged as short warnings, not as stacks of failed queries.
    expect(server.output()).toMatch(/database unavailable/);
    expect(server.output()).not.toMatch(/"msg":"unhandled error"/);
  });
});
