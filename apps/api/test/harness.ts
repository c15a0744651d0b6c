import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/platform/db/client';
import {
  databaseUrl,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  type TemplateKind,
  templateKey,
} from './templates';

/** Which engine this test file uses: PGlite in memory, or a database on TEST_DATABASE_URL's server. */
export const TEST_ENGINE = process.env.ACADEMY_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** Counts the SQL statements the app sends, to prove list endpoints make a constant number. */
export type QueryCounter = { count: number; statements: string[]; reset: () => void };

export type TestDatabase = Database & { dispose: () => Promise<void>; queries: QueryCounter };

function createQueryCounter(): QueryCounter {
  const counter: QueryCounter = {
    count: 0,
    statements: [],
    reset: () => {
      counter.count = 0;
      counter.statements = [];
    },
  };
  return counter;
}

/** The run's template key from the global setup; computed here when a file runs without it. */
function currentTemplateKey(): string {
  try {
    return inject('templateKey') ?? templateKey();
  } catch {
    return templateKey();
  }
}

const snapshots = new Map<string, Promise<Blob>>();

/** The template's snapshot, read once per worker (files that share a worker share the read). */
function pgliteSnapshot(kind: TemplateKind): Promise<Blob> {
  const key = currentTemplateKey();
  const id = `${key}-${kind}`;
  let snapshot = snapshots.get(id);
  if (!snapshot) {
    snapshot = ensurePgliteTemplate(key, kind).then((file) => new Blob([fs.readFileSync(file)]));
    snapshots.set(id, snapshot);
  }
  return snapshot;
}

async function copyPostgresTemplate(kind: TemplateKind): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('ACADEMY_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const key = currentTemplateKey();
  const template = await ensurePostgresTemplate(adminUrl, key, kind);
  const name = `academy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A database of this file's own, copied from the run's template: migrated, with the provider's
 * keys, and with the demo data when `seed` is set.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const kind: TemplateKind = options.seed ? 'seeded' : 'empty';
  const queries = createQueryCounter();
  const onQuery = (statement: string) => {
    queries.count += 1;
    queries.statements.push(statement);
  };
  if (TEST_ENGINE === 'postgres') {
    const created = await copyPostgresTemplate(kind);
    const database = await openDatabase({ databaseUrl: created.url, pgliteDir: '', poolSize: 4, onQuery });
    return {
      ...database,
      queries,
      dispose: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  const database = await openDatabase({
    pgliteDir: 'memory://',
    pgliteSnapshot: await pgliteSnapshot(kind),
    onQuery,
  });
  return { ...database, queries, dispose: () => database.close() };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
};

const testApps = new WeakMap<FastifyInstance, TestApp>();

/** The test instance that built `app` (for helpers that are handed only the app). */
export function testAppOf(app: FastifyInstance): TestApp {
  const t = testApps.get(app);
  if (!t) throw new Error('this app was not built by createTestApp');
  return t;
}

/** The whole server on a fresh database with the demo data loaded. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    logStream?: NodeJS.WritableStream;
    /** Runs on the fresh database before the server is built (e.g. to drop demo rows). */
    beforeBuild?: (database: TestDatabase) => Promise<void>;
    /** A built web app to serve (a folder like apps/web/dist); none by default. */
    webDist?: string;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seed: options.seed !== false });
  await options.beforeBuild?.(database);
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    webDist: options.webDist ?? false,
    logStream: options.logStream,
  });
  await app.ready();
  const t: TestApp = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
  testApps.set(app, t);
  return t;
}
