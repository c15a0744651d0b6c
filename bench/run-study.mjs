// `node bench/run-study.mjs`: measures the study scenarios on the large data set. Seeds it with
// bench/seed-large.ts unless BENCH_REUSE=1 and it exists, starts the API from source (tsx) on it,
// signs in through the real provider as BENCH_USER (default student), loads each scenario and
// checks it against its budget. Prints p50, p97.5 and p99 (autocannon reports no p95).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn } from './lib/sign-in.mjs';
import { HEARTBEAT_SCENARIO, STUDY_SCENARIOS } from './scenarios-study.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-large');
const port = Number(process.env.BENCH_PORT ?? 3411);
const baseUrl = `http://localhost:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const [user, password] = (process.env.BENCH_USER ?? 'student:Student@2026').split(':');

if (process.env.BENCH_REUSE !== '1' || !existsSync(dataDir)) {
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

const rows = [];
let failed = false;
for (const s of [...STUDY_SCENARIOS, HEARTBEAT_SCENARIO]) {
  const headers = s.auth ? { authorization: `Bearer ${token}` } : {};
  if (s.body) headers['content-type'] = 'application/json';
  // A short warm-up so the first, cold requests do not count.
  await autocannon({
    url: `${baseUrl}${s.path}`,
    connections: 2,
    amount: 50,
    headers,
    method: s.method ?? 'GET',
    body: s.body,
  });
  const result = await autocannon({
    url: `${baseUrl}${s.path}`,
    connections: 10,
    duration,
    headers,
    method: s.method ?? 'GET',
    body: s.body,
  });
  const errors = result.non2xx + result.errors;
  const ok = result.latency.p99 <= s.budget.p99 && result.requests.average >= s.budget.minRps && errors === 0;
  failed ||= !ok;
  rows.push({
    scenario: s.name,
    'p50 ms': result.latency.p50,
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
console.log(failed ? 'study bench: over budget' : 'study bench: all within budget');
process.exit(failed ? 1 : 0);
