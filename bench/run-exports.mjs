// `npm run bench:exports -w bench`: the Excel exports on the large data set, as an administrator:
// every user (10,000+) and the progress report of every learner in every course (40,000+ rows).
// Each is downloaded BENCH_EXPORT_RUNS times (3) one after the other; the row reports the time to
// the last byte, the download rate, and how much the server's memory grew (the exports stream in
// batches, so it must stay flat whatever the number of rows).
import { isMain, runAlone } from './lib/large-server.mjs';
import { sampleRss } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { mb, percentile, row } from './lib/table.mjs';

const API = '/services/core/api';
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);

/** `list`: the same rows as a page, whose X-Total-Count is the number of rows in the file. */
export const EXPORTS = [
  {
    name: 'Excel export: all users',
    path: `${API}/users/export?sort=fullName,asc`,
    list: `${API}/users?page=0&size=1`,
    budget: { p99: 10_000, growthMb: 150 },
  },
  {
    name: 'Excel export: progress of every learner in every course',
    path: `${API}/progress/export`,
    list: `${API}/progress?page=0&size=1`,
    budget: { p99: 30_000, growthMb: 150 },
  },
];

async function download(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { status: res.status, ms: performance.now() - started, bytes };
}

export async function runExports(server) {
  const { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
  const rows = [];
  for (const e of EXPORTS) {
    const listed = await fetch(`${server.url}${e.list}`, { headers: { authorization: `Bearer ${token}` } });
    const total = Number(listed.headers.get('x-total-count'));
    const memory = sampleRss(server.pid);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await download(`${server.url}${e.path}`, token));
    const { start, peak } = memory.stop();
    const ms = runs.map((r) => r.ms);
    const bytes = runs[0].bytes;
    const seconds = ms.reduce((a, b) => a + b, 0) / 1000;
    const growth = peak - start;
    const failedRuns = runs.filter((r) => r.status !== 200).length;
    rows.push(
      row({
        group: 'exports',
        scenario: `${e.name} (${total.toLocaleString('en')} rows), ${RUNS} download${RUNS === 1 ? '' : 's'}`,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        throughput: `${Math.round((total * RUNS) / seconds)} rows/s (${(bytes / 1024 ** 2).toFixed(1)} MB file)`,
        memory: `${mb(peak)} (+${mb(growth)})`,
        budget: `p99 ≤ ${e.budget.p99 / 1000} s, RSS growth ≤ ${e.budget.growthMb} MB`,
        ok: failedRuns === 0 && percentile(ms, 99) <= e.budget.p99 && growth <= e.budget.growthMb,
        note: failedRuns ? `${failedRuns} downloads failed` : undefined,
      }),
    );
  }
  return rows;
}

if (isMain(import.meta)) await runAlone(runExports);
