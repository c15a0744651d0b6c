import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres } from './lib/postgres';
import { startServer } from './lib/server';
import { signIn } from './lib/sign-in';

const tmp = path.resolve(import.meta.dirname, '../.tmp/resilience');

describe('the resilience harness', () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('runs the built server on a private PostgreSQL and signs a demo user in', async () => {
    const pg = await startPrivatePostgres('harness');
    cleanups.push(() => pg.destroy());
    const server = await startServer({ dataDir: path.join(tmp, 'harness'), databaseUrl: pg.url });
    cleanups.push(() => server.kill());
    const tokens = await signIn(server.url, 'admin', 'Admin@2026');
    expect(tokens.access_token).toBeTruthy();
  });
});
