// `npm run bench:import -w bench`: the user import on the large data set, as an administrator:
// a CSV of BENCH_IMPORT_ROWS (10,000) new employees spread over the demo's departments is checked
// (dryRun=true) and then applied (dryRun=false) — issue 20's budget: each ≤ 20 s on PostgreSQL,
// server RSS growth ≤ 150 MB. The imported users (and their audit events) are deleted afterwards,
// so the large database stays as seeded for the next run.
import pg from 'pg';
import { isMain, runAlone } from './lib/large-server.mjs';
import { databaseUrl, LARGE_DATABASE } from './lib/postgres.mjs';
import { sampleRss } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { mb, row } from './lib/table.mjs';

const API = '/services/core/api';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET = { ms: 20_000, growthMb: 150 };
const PREFIX = 'IMPB';

async function withDatabase(fn) {
  const client = new pg.Client({ connectionString: databaseUrl(LARGE_DATABASE) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Where the imported employees go: the demo's departments with their branch and service names. */
async function places() {
  return withDatabase(async (db) => {
    const { rows } = await db.query(
      `select s.name as service, b.name as branch, d.name as department
         from departments d join branches b on b.id = d.branch_id join services s on s.id = b.service_id
        order by d.id limit 50`,
    );
    return rows;
  });
}

async function removeImported() {
  await withDatabase(async (db) => {
    await db.query('begin');
    await db.query("select set_config('academy.audit_prune', 'on', true)");
    await db.query(`delete from audit_events where route = 'POST /users/import'`);
    await db.query(`delete from users where employee_code like '${PREFIX}%'`);
    await db.query('commit');
  });
}

function csvOf(targets) {
  const quote = (v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ['Employee code,Full name,Email,Phone number,Date of birth,Gender,Service,Branch,Department'];
  for (let i = 0; i < ROWS; i++) {
    const place = targets[i % targets.length];
    lines.push(
      [
        `${PREFIX}${String(i).padStart(6, '0')}`,
        `Imported Employee ${i}`,
        `imported.${i}@bench.example.com`,
        `09${String(10_000_000 + i).slice(-8)}`,
        `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
        i % 2 ? 'Female' : 'Male',
        place.service,
        place.branch,
        place.department,
      ]
        .map(quote)
        .join(','),
    );
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

async function send(server, token, file, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'employees.csv');
  const started = performance.now();
  const res = await fetch(`${server.url}${API}/users/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - started };
}

export async function runImport(server) {
  await removeImported();
  const { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
  const file = csvOf(await places());
  const rows = [];
  try {
    for (const dryRun of [true, false]) {
      const memory = sampleRss(server.pid);
      const result = await send(server, token, file, dryRun);
      const { start, peak } = memory.stop();
      const growth = peak - start;
      const right =
        result.status === 200 &&
        result.body.created === ROWS &&
        result.body.errors.length === 0 &&
        result.body.applied === !dryRun;
      rows.push(
        row({
          group: 'import',
          scenario: `User import, ${ROWS.toLocaleString('en')} new employees (CSV, ${(file.length / 1024 ** 2).toFixed(1)} MB): ${dryRun ? 'check' : 'apply'}`,
          p50: result.ms,
          p99: result.ms,
          throughput: `${Math.round(ROWS / (result.ms / 1000))} rows/s`,
          memory: `${mb(peak)} (+${mb(growth)})`,
          budget: `≤ ${BUDGET.ms / 1000} s, RSS growth ≤ ${BUDGET.growthMb} MB`,
          ok: right && result.ms <= BUDGET.ms && growth <= BUDGET.growthMb,
          note: right ? undefined : `answer ${result.status}: ${JSON.stringify(result.body).slice(0, 200)}`,
        }),
      );
    }
  } finally {
    await removeImported();
  }
  return rows;
}

if (isMain(import.meta)) await runAlone(runImport);
