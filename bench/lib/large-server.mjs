// One built server on the large PostgreSQL data set, for the groups that measure requests on it
// (site, study, exports): started once by `npm run bench`, or by a group's runner run alone.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { largeDatabase } from './postgres.mjs';
import { startBuiltServer } from './server.mjs';
import { printTable } from './table.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.tmp/bench-server');

/** Seeds (or reuses) academy_bench_large, starts the server on it, runs fn(server), stops it. */
export async function withLargeServer(fn, { nodeArgs = [] } = {}) {
  const databaseUrl = await largeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startBuiltServer({
    port: Number(process.env.BENCH_PORT ?? 3410),
    dataDir,
    databaseUrl,
    // seed:large loaded the demo data already
    env: { DEMO_DATA: 'false' },
    nodeArgs,
  });
  try {
    return await fn(Object.assign(server, { databaseUrl }));
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `node bench/run-<group>.mjs`: one group on its own server, its table, exit 1 when over budget. */
export async function runAlone(measure) {
  try {
    const rows = await withLargeServer(measure);
    process.exit(printTable(rows) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}

/** Whether this module is the script node was started with. */
export const isMain = (meta) => meta.url === `file://${process.argv[1]}`;
