// `npm run bench:compliance -w bench`: the compliance view (issue 24, point 5) at the scale
// on PostgreSQL. Creates a fresh database on BENCH_DATABASE_URL, seeds it with
// bench/seed-compliance.ts (20,000 people over the demo organisation × 20 assignments: 400,000
// person-assignment rows in every state), starts the built server on it with ACADEMY_ROLE=api (no
// job workers: the reminder timer would otherwise mail the 400,000 people while the load runs; the
// view counts the people itself when its counts are missing or older than two minutes, which the
// warm-up does), then loads, as the administrator: the whole company's view, one branch's, and a
// drill-down page of an assignment's overdue people. Dropped afterwards unless BENCH_KEEP=1.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { isMain } from './lib/large-server.mjs';
import { loadRow } from './lib/load.mjs';
import { createDatabase, dropDatabase } from './lib/postgres.mjs';
import { startBuiltServer } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { printTable } from './lib/table.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_COMPLIANCE_PORT ?? 3436);
const dataDir = path.join(root, '.tmp/bench-compliance');
const API = '/services/core/api';
const PEOPLE = Number(process.env.BENCH_COMPLIANCE_PEOPLE ?? 20_000);
const ASSIGNMENTS = Number(process.env.BENCH_COMPLIANCE_ASSIGNMENTS ?? 20);

/** The scenarios, given a branch and an assignment of the seeded data (budgets: issue 24). */
export function complianceScenarios({ branchId, assignmentId, people, rows }) {
  const scale = `${people.toLocaleString('en')} people × ${ASSIGNMENTS} assignments, ${rows.toLocaleString('en')} rows`;
  return [
    {
      name: `compliance view, whole company (${scale})`,
      path: `${API}/compliance`,
      budget: { p99: 200, minRps: 100 },
    },
    {
      name: 'compliance view, one branch',
      path: `${API}/compliance?branchId=${branchId}`,
      budget: { p99: 200, minRps: 100 },
    },
    // Not in the budgets: a page of 20, but its x-total-count counts the assignment's
    // 12,000 overdue people (the index on open rows by due time, in order).
    {
      name: 'compliance drill-down: overdue people of an assignment, first page of 20',
      path: `${API}/compliance/assignments/${assignmentId}/people?state=OVERDUE&page=0&size=20`,
      budget: { p99: 300, minRps: 50 },
    },
  ];
}

export async function runCompliance() {
  const dbName = `academy_bench_compliance_${process.pid}`;
  const started = performance.now();
  const step = (label) => console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${label}`);
  const dbUrl = await createDatabase(dbName);
  let server;
  try {
    const seeded = spawnSync(
      'npx',
      ['tsx', 'bench/seed-compliance.ts', dbUrl, String(PEOPLE), String(ASSIGNMENTS)],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
    const counts = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
    step(`seeded ${counts.people} people, ${counts.rows} person-assignment rows`);
    rmSync(dataDir, { recursive: true, force: true });
    server = await startBuiltServer({
      port,
      dataDir,
      databaseUrl: dbUrl,
      // seed-compliance.ts loaded the demo data already
      env: { DEMO_DATA: 'false', ACADEMY_ROLE: 'api' },
    });
    step('server up');
    const { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
    const headers = { authorization: `Bearer ${token}` };
    const view = await (await fetch(`${server.url}${API}/compliance`, { headers })).json();
    if (view.totals?.people !== counts.rows) {
      throw new Error(`the view counts ${view.totals?.people} people, the database has ${counts.rows}`);
    }
    const branchId = view.places.find((p) => p.departmentId === null)?.branchId;
    const assignmentId = view.assignments.find((a) => a.counts.overdue > 0)?.assignmentId;
    const rows = [];
    for (const s of complianceScenarios({
      branchId,
      assignmentId,
      people: counts.people,
      rows: counts.rows,
    })) {
      rows.push(await loadRow('compliance', server.url, server.pid, { ...s, headers }));
    }
    return rows;
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP !== '1') {
      await dropDatabase(dbName).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (isMain(import.meta)) {
  try {
    process.exit(printTable(await runCompliance()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
