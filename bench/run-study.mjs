// `node bench/run-study.mjs`: measures the study scenarios on the large data set. Seeds it with
// bench/seed-large.ts unless BENCH_REUSE=1 and it exists, starts the API from source (tsx) on it,
// signs in through the real provider as BENCH_USER (default student), loads each scenario and
// checks it against its budget. Prints p50, p97.5 and p99 (autocannon reports no p95).
// On PGlite (the default) by default; with BENCH_DATABASE_URL (a PostgreSQL server URL, e.g.
// postgres://postgres@127.0.0.1:5432/postgres) on a fresh database created there, dropped after
// the run unless BENCH_KEEP=1; with BENCH_REUSE=1 too, BENCH_DATABASE_URL names a database
// already seeded by `npm run seed:large -- <url>`, used as it is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { signIn } from './lib/sign-in.mjs';
import { HEARTBEAT_SCENARIO, STUDY_SCENARIOS } from './scenarios-study.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-large');
const port = Number(process.env.BENCH_PORT ?? 3411);
const baseUrl = `http://localhost:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const [user, password] = (process.env.BENCH_USER ?? 'student:Student@2026').split(':');

const adminUrl = process.env.BENCH_DATABASE_URL;
let databaseUrl;
async function admin(query) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
const dbName = `academy_bench_study_${process.pid}`;
/** BENCH_REUSE=1 with BENCH_DATABASE_URL: that database is already seeded; use it as it is. */
const reusePostgres = Boolean(adminUrl) && process.env.BENCH_REUSE === '1';
if (reusePostgres) {
  databaseUrl = adminUrl;
} else if (adminUrl) {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  await admin(`CREATE DATABASE ${dbName}`);
  const seeded = spawnSync('npx', ['tsx', 'bench/seed-large.ts', databaseUrl], {
    cwd: root,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(1);
} else if (process.env.BENCH_REUSE !== '1' || !existsSync(dataDir)) {
  const seeded = spawnSync('npx', ['tsx', 'bench/seed-large.ts', dataDir], { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(1);
}

const server = spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DEMO_DATA: 'false' } : {}),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
  },
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${baseUrl}/health`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('server did not become healthy');
  await new Promise((r) => setTimeout(r, 500));
}
const { access_token: token } = await signIn(baseUrl, user, password);
// The heartbeat is one learner's player every 10 s: under load, each connection is another
// learner (bench learners L00001…), as 10 learners studying at once would be.
const CONNECTIONS = 10;
const learnerTokens = [];
for (let i = 1; i <= CONNECTIONS; i++) {
  learnerTokens.push((await signIn(baseUrl, `L${String(i).padStart(5, '0')}`, 'Bench@2026')).access_token);
}
let nextLearner = 0;
/** autocannon's per-connection context keeps the learner a connection speaks for. */
const asLearner = (request, context) => {
  context.token ??= learnerTokens[nextLearner++ % learnerTokens.length];
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
};

const rows = [];
let failed = false;
for (const s of [...STUDY_SCENARIOS, HEARTBEAT_SCENARIO]) {
  const headers = s.auth && !s.perLearner ? { authorization: `Bearer ${token}` } : {};
  if (s.body) headers['content-type'] = 'application/json';
  const load = {
    url: `${baseUrl}${s.path}`,
    headers,
    method: s.method ?? 'GET',
    body: s.body,
    ...(s.perLearner ? { requests: [{ setupRequest: asLearner }] } : {}),
  };
  // A short warm-up so the first, cold requests do not count.
  await autocannon({ ...load, connections: 2, amount: 200 });
  const result = await autocannon({ ...load, connections: CONNECTIONS, duration });
  const errors = result.non2xx + result.errors;
  const ok = result.latency.p99 <= s.budget.p99 && result.requests.average >= s.budget.minRps && errors === 0;
  failed ||= !ok;
  rows.push({
    scenario: s.name,
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    'budget p99': s.budget.p99,
    'req/s': Math.round(result.requests.average),
    'budget req/s': s.budget.minRps,
    errors,
    ok,
  });
}
console.table(rows);
stopServer();
if (adminUrl && !reusePostgres && process.env.BENCH_KEEP !== '1') {
  await new Promise((r) => setTimeout(r, 500));
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
}
console.log(
  `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${failed ? 'study bench: over budget' : 'study bench: all within budget'}`,
);
process.exit(failed ? 1 : 0);
