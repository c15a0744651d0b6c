// `npm run bench:cpu -w bench`: the CPU one request costs, on the server and in PostgreSQL, for the
// signed-in basics, the study rows and the search box on the large data set — N requests one after the other
// (BENCH_CPU_REQUESTS, default 2,000, after 300 that do not count) on one connection. Unlike a
// latency, this barely moves with what else the machine runs, so it is what to compare when
// changing the request path. BENCH_PROFILE=<dir> starts the server with --cpu-prof (written
// there when it stops).
import autocannon from 'autocannon';
import { cpuMeter, databaseOf } from './lib/cpu.mjs';
import { withLargeServer } from './lib/large-server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { siteScenarios } from './scenarios.mjs';
import { HEARTBEAT_SCENARIO, STUDY_SCENARIOS } from './scenarios-study.mjs';

const API = '/services/core/api';
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
const only = process.env.BENCH_CPU_ONLY;

const scenarios = [
  { name: 'health (no auth, no query)', path: '/health', auth: false },
  { name: 'public: sign-in config', path: `${API}/config`, auth: false },
  { name: 'current user (users/info)', path: `${API}/users/info`, auth: true },
  ...STUDY_SCENARIOS,
  { ...HEARTBEAT_SCENARIO, name: 'heartbeat (PUT time-viewed, one learner)' },
  // The header's search box (issue 22): the site group's three rows (they use neither id).
  ...siteScenarios({ serviceId: 1, newsId: 1 }).filter((s) => s.path.startsWith(`${API}/search?`)),
].filter((s) => !only || only.split(',').some((word) => s.name.includes(word)));

export async function cpuPerRequest(server) {
  const { access_token: token } = await signIn(server.url, 'student', 'Student@2026');
  const learner = (await signIn(server.url, 'L00001', 'Bench@2026')).access_token;
  const database = databaseOf(server.databaseUrl);
  const results = [];
  for (const s of scenarios) {
    const bearer = s.perLearner ? learner : token;
    const load = {
      url: `${server.url}${s.path}`,
      method: s.method ?? 'GET',
      body: s.body,
      headers: {
        ...(s.auth ? { authorization: `Bearer ${bearer}` } : {}),
        ...(s.body ? { 'content-type': 'application/json' } : {}),
      },
      connections: 1,
    };
    await autocannon({ ...load, amount: 300 });
    const meter = cpuMeter(server.pid, database);
    const result = await autocannon({ ...load, amount: REQUESTS });
    const cpu = meter.stop();
    const perRequest = (ms) => Math.round((ms * 1000) / REQUESTS);
    results.push({
      scenario: s.name,
      'API µs/req': perRequest(cpu.api),
      'DB µs/req': perRequest(cpu.database),
      'p50 ms': result.latency.p50,
      non2xx: result.non2xx + result.errors,
    });
  }
  console.table(results);
  return results;
}

await withLargeServer(cpuPerRequest, {
  nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
});
process.exit(0);
