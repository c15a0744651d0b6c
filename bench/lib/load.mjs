// One autocannon load (after a short warm-up that does not count) turned into a table row, with
// the server's peak RSS and PSS while it ran and the CPU each request cost (server and database).
import autocannon from 'autocannon';
import { cpuMeter, databaseOf } from './cpu.mjs';
import { sampleRss } from './server.mjs';
import { mb, row } from './table.mjs';

export const CONNECTIONS = 10;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** autocannon's answers by status code, e.g. "200: 1203, 409: 1". */
const statuses = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');

/** "12 MB (PSS 9)": the peak RSS with the peak PSS. */
export const memoryCell = ({ peak, peakPss }) => `${mb(peak)} (PSS ${Math.round(peakPss)})`;

/**
 * "API 0.52 + DB 0.21 ms CPU per request" (with `database`, whose backends were metered), else the
 * server process's alone; undefined where /proc is not there.
 */
export function cpuNote(cpu, requests, database) {
  if (!cpu || !requests) return undefined;
  const per = (ms) => (ms / requests).toFixed(2);
  return database
    ? `API ${per(cpu.api)} + DB ${per(cpu.database)} ms CPU per request`
    : `${per(cpu.api)} ms CPU per request (server process)`;
}

/**
 * `scenario`: { name, path, method?, body?, budget: { p99, minRps } } with `headers` and, for
 * per-connection callers, `requests` (autocannon's) already resolved by the caller. `server`: its
 * pid, or the server (`pid`, and `databaseUrl` to count its PostgreSQL backends' CPU too).
 */
export async function loadRow(group, baseUrl, server, scenario) {
  const serverPid = typeof server === 'number' ? server : server.pid;
  const database = typeof server === 'number' ? undefined : databaseOf(server.databaseUrl);
  const headers = { ...(scenario.headers ?? {}) };
  if (scenario.body) headers['content-type'] = 'application/json';
  const load = {
    url: `${baseUrl}${scenario.path}`,
    headers,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    ...(scenario.requests ? { requests: scenario.requests } : {}),
  };
  await autocannon({ ...load, connections: 2, amount: 200 });
  const memory = sampleRss(serverPid);
  const cpu = cpuMeter(serverPid, database);
  const result = await autocannon({ ...load, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const used = cpu.stop();
  const peaks = memory.stop();
  // autocannon counts timeouts among the errors.
  const errors = result.non2xx + result.errors;
  const rps = result.requests.average;
  const { p99: maxP99, minRps } = scenario.budget;
  return row({
    group,
    scenario: scenario.name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    throughput: `${Math.round(rps)} req/s`,
    memory: memoryCell(peaks),
    budget: `p99 ≤ ${maxP99} ms, ≥ ${minRps} req/s, 0 errors`,
    ok: result.latency.p99 <= maxP99 && rps >= minRps && errors === 0,
    note: [
      errors ? `${errors} errors or non-2xx answers (status: count ${statuses(result)})` : undefined,
      cpuNote(used, result.requests.total, database),
    ]
      .filter(Boolean)
      .join('; '),
  });
}
