import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { seedDemoData } from '../src/modules/demo/seed';
import { type Database, openDatabase } from '../src/platform/db/client';

/** Which engine this test run uses: PGlite in memory, or a fresh database on TEST_DATABASE_URL. */
export const TEST_ENGINE = process.env.ACADEMY_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('ACADEMY_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `academy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

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

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const queries = createQueryCounter();
  const onQuery = (statement: string) => {
    queries.count += 1;
    queries.statements.push(statement);
  };
  if (TEST_ENGINE === 'postgres') {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: created.url, pgliteDir: '', poolSize: 4, onQuery });
    await database.migrate();
    return {
      ...database,
      queries,
      dispose: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  const database = await openDatabase({ pgliteDir: 'memory://', onQuery });
  await database.migrate();
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

/** The whole server on a fresh database with the demo data loaded. */
export async function createTestApp(
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoData(database.db);
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, webDist: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
