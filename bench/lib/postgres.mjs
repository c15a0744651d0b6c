// The PostgreSQL side of the bench: the server at BENCH_DATABASE_URL, databases created on it, and
// the large study data set (`npm run seed:large`) kept in academy_bench_large between runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_LARGE_DATABASE names another (several people benching on one PostgreSQL server). */
export const LARGE_DATABASE = process.env.BENCH_LARGE_DATABASE ?? 'academy_bench_large';
/** Set on the large database once seeding finished, so that a half-seeded one is never reused. */
const SEEDED_MARK = 'seed:large complete';

export async function adminQuery(query, params = []) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(query, params)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the bench's PostgreSQL server. */
export function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabase(name) {
  await adminQuery(`CREATE DATABASE ${name}`);
  return databaseUrl(name);
}

export async function dropDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * academy_bench_large, seeded by bench/seed-large.ts: reused as it is with BENCH_REUSE=1 when a
 * previous seeding finished, created afresh otherwise (≈15 s to a few minutes). Left in place.
 */
export async function largeDatabase() {
  const [found] = await adminQuery(
    `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
    [LARGE_DATABASE],
  );
  const url = databaseUrl(LARGE_DATABASE);
  if (found?.mark === SEEDED_MARK && process.env.BENCH_REUSE === '1') {
    console.log(`reusing ${LARGE_DATABASE} (BENCH_REUSE=1)`);
    return url;
  }
  await dropDatabase(LARGE_DATABASE);
  await createDatabase(LARGE_DATABASE);
  const seeded = spawnSync('npx', ['tsx', 'bench/seed-large.ts', url], { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seed:large failed');
  await adminQuery(`COMMENT ON DATABASE ${LARGE_DATABASE} IS '${SEEDED_MARK}'`);
  return url;
}
