import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withStatementCache } from './pglite-statements';
/**
 * The drizzle database, whichever engine is behind it. Transactions have the same type. No schema
 * is attached: queries name their tables (relational queries are not used), so the platform needs
 * no module's tables; the aggregate for drizzle-kit is src/schema.ts.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process sharing this PostgreSQL runs work under the same `name`
   * (startup: migrations and demo data; job maintenance). PGlite has one process: it just runs it.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar, loadable with `pgliteSnapshot`. */
  snapshot?: () => Promise<Blob>;
};

/** Where the committed migrations are, from the source tree or the built bundle. */
export function findMigrationsFolder(start = import.meta.dirname): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('drizzle migrations folder not found');
    dir = parent;
  }
}

/**
 * How long opening one connection may take. Without it, a database host that does not answer
 * (network down, server frozen) holds every request until the OS gives up (minutes); with it they
 * fail and are answered 503. Only the connect is bounded: waiting for a free pooled connection
 * under load is not (a burst of requests queues, it does not fail).
 */
export const CONNECT_TIMEOUT_MS = 3000;

class TimedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * The embedded database's buffer pool (WebAssembly memory, which never shrinks: the pool is
 * resident once the start's `analyze` has read through it). 16 MB (decision 183; 32 MB in
 * decision 175): pages beyond it come from the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite's own start parameters (0.4 and later). Read loosely so that a checkout whose
 * node_modules still hold PGlite 0.3 (before `npm ci`) builds and starts as before: 0.3 has none
 * and ignores `startParams`.
 */
function pgliteDefaultStartParams(): string[] {
  return (PGlite as { defaultStartParams?: string[] }).defaultStartParams ?? [];
}

/** Serialises migrations when several API processes start at once against one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite in `dataDir`
 * (or in memory when `dataDir` is `memory://`).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  poolSize?: number;
  /** PGlite only: start from this data-directory snapshot (`dumpDataDir`) instead of an empty one. */
  pgliteSnapshot?: Blob;
  /** Called with every SQL statement drizzle sends (tests count queries with it). */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (query: string) => options.onQuery?.(query) } : undefined;
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: TimedClient,
    });
    // A connection that the server ends (restart, failover, a dropped test database) must not
    // crash the process. An idle one is discarded by the pool (which reports it here). One that is
    // checked out — between the statements of a transaction — has no listener of the pool's: an
    // 'error' event without a listener would end the process, so every connection gets its own;
    // the transaction's next statement fails instead (and is answered 503).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    });
    const db = drizzlePg(pool, { logger }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async exclusive(name, work) {
        // A session lock held on a connection of its own: `work` uses the pool as usual meanwhile.
        const client = await pool.connect();
        const key = `academy:${name}`;
        try {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir !== 'memory://') fs.mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm: the news title search index (migration 0009); PostgreSQL has it as a contrib extension.
  const pglite = await PGlite.create(options.pgliteDir, {
    extensions: { pg_trgm },
    // The database PGlite 0.3 opened by default, where every existing data folder keeps its tables.
    database: 'template1',
    // 16 MB of shared buffers, not the 128 MB PGlite 0.3 fixed and held resident from the start
    // (decisions 175, 183): pages beyond them are read from the operating system's file cache.
    startParams: [...pgliteDefaultStartParams(), '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  // Statements run again are prepared once, as node-postgres does with named ones (decision 174).
  const client = withStatementCache(pglite);
  const pgliteDb = drizzlePglite(client, { logger });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    exclusive: (_name, work) => work(),
    snapshot: () => client.dumpDataDir('none'),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
