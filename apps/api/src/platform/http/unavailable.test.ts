import { createServer, type Server, type Socket } from 'node:net';
import { MESSAGES } from '@academy/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, type Database, openDatabase } from '../db/client';
import { databaseUnavailableReason } from '../db/errors';
import { registerErrorHandling } from './errors';

/**
 * A database that is down or does not answer is not the request's fault: 503 with the SPEC's
 * "unavailable" message and Retry-After, quickly, never a 500 or a stack. A full disk is 507.
 * (resilience/database-outage.resilience.ts stops a real PostgreSQL under load.)
 */

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

async function appOn(database?: Database): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/read', async () => {
    await database?.ping();
    return { ok: true };
  });
  app.get('/full', async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
  await app.ready();
  return app;
}

describe('a database that cannot serve', () => {
  // Accepts connections and never says a word: a frozen server or a black-holed network.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  let silentPort = 0;
  let refusedPort = 0;

  beforeAll(async () => {
    silentPort = await listen(silent);
    const closed = createServer();
    refusedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers 503 at once when the server refuses connections (stopped)', async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${refusedPort}/postgres`,
      pgliteDir: 'memory://',
    });
    const app = await appOn(database);
    const started = performance.now();
    const res = await app.inject('/read');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: 503, error: 'Service Unavailable', message: MESSAGES.unavailable });
    await app.close();
    await database.close();
  });

  it('answers 503 after the connect timeout when the server does not answer (frozen)', async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${silentPort}/postgres`,
      pgliteDir: 'memory://',
    });
    const app = await appOn(database);
    const started = performance.now();
    const res = await app.inject('/read');
    const took = performance.now() - started;
    expect(res.statusCode).toBe(503);
    expect(took).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(CONNECT_TIMEOUT_MS + 2000);
    expect(res.body).not.toMatch(/select|stack|timeout expired/i);
    await app.close();
    await database.close();
  });

  it('tells outages apart from errors in the request or the code', () => {
    const wrapped = (cause: object) =>
      Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
    expect(databaseUnavailableReason(wrapped({ code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(databaseUnavailableReason(wrapped({ code: '57P01', message: 'terminating connection' }))).toBe(
      '57P01',
    );
    expect(databaseUnavailableReason(wrapped({ code: '57P03' }))).toBe('57P03');
    expect(databaseUnavailableReason(wrapped({ code: '08006' }))).toBe('08006');
    expect(databaseUnavailableReason(new Error('Connection terminated unexpectedly'))).toBeTruthy();
    // A broken constraint, bad SQL or a plain bug stays a 500 (or whatever the route makes of it).
    expect(databaseUnavailableReason(wrapped({ code: '23505' }))).toBeUndefined();
    expect(databaseUnavailableReason(wrapped({ code: '42P01' }))).toBeUndefined();
    expect(databaseUnavailableReason(new TypeError('x is undefined'))).toBeUndefined();
  });
});

/** The machine's PostgreSQL (tests use real parts); this test only opens and ends its own connections. */
const MACHINE_POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

it('survives a connection that the server ends in the middle of a transaction', async () => {
  const database = await openDatabase({ databaseUrl: MACHINE_POSTGRES, pgliteDir: 'memory://' });
  const other = await openDatabase({ databaseUrl: MACHINE_POSTGRES, pgliteDir: 'memory://' });
  const failure = await database.db
    .transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      const [row] = result.rows;
      // What a server shutdown does to every connection (57P01), while this one is checked out
      // and idle between two statements: the process must not crash on the 'error' event.
      await other.db.execute(sql`select pg_terminate_backend(${row?.pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    })
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  expect(databaseUnavailableReason(failure)).toBeTruthy();
  await database.ping(); // the pool opens a new connection
  await other.close();
  await database.close();
});

it('answers 507 with a message when the disk is full', async () => {
  const app = await appOn();
  const res = await app.inject('/full');
  expect(res.statusCode).toBe(507);
  expect(res.json()).toEqual({ status: 507, error: 'Insufficient Storage', message: MESSAGES.storageFull });
  await app.close();
});
