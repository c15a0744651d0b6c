// `npm run bench`: seeds a database with 5,000 users, starts the built product as `npm start`
// does, signs in through the real provider, loads each scenario and checks it against its budget.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { describeFirstLoad, measureFirstLoad } from './bundle.mjs';
import { signIn } from './lib/sign-in.mjs';
import { MEMORY_BUDGET_MB, SCENARIOS } from './scenarios.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-data');
const port = Number(process.env.BENCH_PORT ?? 3410);
const baseUrl = `http://localhost:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 5);

rmSync(dataDir, { recursive: true, force: true });
const seeded = spawnSync('npx', ['tsx', 'bench/seed.ts', dataDir, '5000'], { cwd: root, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(1);

const server = spawn('node', ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'error' },
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}

function serverRssMb() {
  // start.mjs runs the server in its own process (it imports the bundle), so this is the server.
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

await waitForHealth();
const { access_token: token } = await signIn(baseUrl, 'admin', 'Admin@2026');
const rows = [];
let failed = false;
for (const s of SCENARIOS) {
  const result = await autocannon({
    url: `${baseUrl}${s.path}`,
    connections: 10,
    duration,
    headers: s.auth ? { authorization: `Bearer ${token}` } : {},
  });
  const non2xx = result.non2xx + result.errors;
  const p99 = result.latency.p99;
  const rps = result.requests.average;
  const ok = p99 <= s.budget.p99 && rps >= s.budget.minRps && non2xx === 0;
  failed ||= !ok;
  rows.push({
    scenario: s.name,
    'p50 ms': result.latency.p50,
    'p99 ms': p99,
    'budget p99': s.budget.p99,
    'req/s': Math.round(rps),
    'budget req/s': s.budget.minRps,
    errors: non2xx,
    ok,
  });
}
const rss = serverRssMb();
const memoryOk = rss <= MEMORY_BUDGET_MB;
failed ||= !memoryOk;
console.table(rows);
const bundle = measureFirstLoad();
failed ||= !bundle.ok;
console.log(describeFirstLoad(bundle));
console.log(
  `server RSS after the run: ${rss.toFixed(0)} MB (budget ${MEMORY_BUDGET_MB} MB) ${memoryOk ? 'ok' : 'OVER'}`,
);
stopServer();
console.log(failed ? 'bench: over budget' : 'bench: all within budget');
process.exit(failed ? 1 : 0);
