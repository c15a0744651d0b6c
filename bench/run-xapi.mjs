// `npm run bench:xapi -w bench`: the learning record store at issue 26's scale on PostgreSQL.
// Seeds academy_bench_xapi with bench/seed-xapi.ts (1,000,000 statements in the table's real shape,
// set-based; BENCH_XAPI_STATEMENTS for another count; BENCH_REUSE=1 reuses a finished seeding, and
// the statements a run ingests are deleted afterwards so the next run finds the same million),
// starts the built server on it with ACADEMY_ROLE=api, then loads with the seeded key (HTTP Basic):
// GET statements filtered by agent, verb, activity and since (xAPI's own query, a page of the
// default 200 or of 25), the administrators' report of one verb (its page and total), and ingest:
// POST statements in batches of 50 (different learners, activities and verbs in each batch).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { isMain } from './lib/large-server.mjs';
import { loadRow } from './lib/load.mjs';
import { adminQuery, createDatabase, databaseUrl, dropDatabase } from './lib/postgres.mjs';
import { startBuiltServer } from './lib/server.mjs';
import { printTable } from './lib/table.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_XAPI_PORT ?? 3437);
const dataDir = path.join(root, '.tmp/bench-xapi');
const STATEMENTS = Number(process.env.BENCH_XAPI_STATEMENTS ?? 1_000_000);
const DATABASE = process.env.BENCH_XAPI_DATABASE ?? 'academy_bench_xapi';
const LRS = '/services/core/xapi';
const BATCH = 50;
const SEEDED = 'seed:xapi ';
/** Bumped when seed-xapi.ts writes other data, so that BENCH_REUSE=1 seeds again. */
const SEED_SHAPE = 2;

/** The seeded database (reused with BENCH_REUSE=1 when a seeding of the same size finished) and its facts. */
async function seededDatabase() {
  const [found] = await adminQuery(
    `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
    [DATABASE],
  );
  if (process.env.BENCH_REUSE === '1' && found?.mark?.startsWith(SEEDED)) {
    const facts = JSON.parse(found.mark.slice(SEEDED.length));
    if (facts.seeded === STATEMENTS && facts.shape === SEED_SHAPE) {
      console.log(`reusing ${DATABASE} (BENCH_REUSE=1)`);
      return { url: databaseUrl(DATABASE), facts };
    }
  }
  await dropDatabase(DATABASE);
  const url = await createDatabase(DATABASE);
  const seeded = spawnSync('npx', ['tsx', 'bench/seed-xapi.ts', url, String(STATEMENTS)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const facts = {
    ...JSON.parse(seeded.stdout.trim().split('\n').at(-1)),
    seeded: STATEMENTS,
    shape: SEED_SHAPE,
  };
  await adminQuery(
    `COMMENT ON DATABASE ${DATABASE} IS '${SEEDED}${JSON.stringify(facts).replaceAll("'", "''")}'`,
  );
  return { url, facts };
}

const ADL = 'http://adlnet.gov/expapi/verbs/';
const VERBS = ['experienced', 'answered', 'attempted', 'completed', 'passed', 'progressed'];

/** A batch of 50 statements as a simulator sends them: 50 learners, a few activities, each its verb. */
function batch(n, home) {
  return JSON.stringify(
    Array.from({ length: BATCH }, (_, i) => {
      const learner = (n * BATCH + i) % 10_000;
      const activity = (n * 7 + i) % 2_000;
      const verb = VERBS[(n + i) % VERBS.length];
      return {
        actor: {
          objectType: 'Agent',
          name: `Learner ${learner}`,
          account: { homePage: home, name: `E${String(learner).padStart(5, '0')}` },
        },
        verb: { id: `${ADL}${verb}`, display: { 'en-US': verb } },
        object: {
          id: `${home}/xapi/activities/a${activity}`,
          definition: {
            name: { 'en-US': `Activity ${activity}` },
            type: 'http://adlnet.gov/expapi/activities/lesson',
          },
        },
        result: verb === 'passed' ? { success: true, completion: true, score: { scaled: 0.85 } } : undefined,
        context: {
          contextActivities: { parent: [{ id: `${home}/xapi/activities/course${activity % 50}` }] },
        },
        timestamp: new Date().toISOString(),
      };
    }),
  );
}

/** The scenarios (budgets: issue 26), given the seeded facts. */
export function xapiScenarios(facts) {
  const scale = `${facts.statements.toLocaleString('en')} statements`;
  const agent = encodeURIComponent(
    JSON.stringify({ account: { homePage: facts.home, name: facts.learner } }),
  );
  const verb = (name) => encodeURIComponent(`${ADL}${name}`);
  const activity = encodeURIComponent(facts.activity);
  const since = encodeURIComponent(facts.since);
  const get = { p99: 100, minRps: 20 };
  return [
    {
      name: `GET statements?agent (${scale}; a page of 200 at most)`,
      path: `${LRS}/statements?agent=${agent}`,
      budget: get,
    },
    {
      name: 'GET statements?verb (a common verb: 30% of them; 200 a page)',
      path: `${LRS}/statements?verb=${verb('experienced')}`,
      budget: get,
    },
    {
      name: 'GET statements?verb&limit=25 (a rarer verb: 2%)',
      path: `${LRS}/statements?verb=${verb('launched')}&limit=25`,
      budget: get,
    },
    {
      name: 'GET statements?activity&verb',
      path: `${LRS}/statements?activity=${activity}&verb=${verb('answered')}`,
      budget: get,
    },
    {
      name: 'GET statements?activity&since (the last 10%)',
      path: `${LRS}/statements?activity=${activity}&since=${since}`,
      budget: get,
    },
    {
      name: 'GET statements?agent&verb&activity&since',
      path: `${LRS}/statements?agent=${agent}&verb=${verb('completed')}&activity=${activity}&since=${since}`,
      budget: get,
    },
  ];
}

export async function runXapi() {
  const started = performance.now();
  const step = (label) => console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${label}`);
  const { url: dbUrl, facts } = await seededDatabase();
  step(`seeded: ${facts.statements} statements`);
  let server;
  const [{ max: seededMax }] = await query(dbUrl, 'select max(seq)::bigint as max from xapi_statements');
  try {
    rmSync(dataDir, { recursive: true, force: true });
    server = await startBuiltServer({
      port,
      dataDir,
      databaseUrl: dbUrl,
      env: { DEMO_DATA: 'false', ACADEMY_ROLE: 'api' },
    });
    step('server up');
    const headers = {
      authorization: `Basic ${Buffer.from(`${facts.key}:${facts.secret}`).toString('base64')}`,
      'x-experience-api-version': '1.0.3',
    };
    const probe = await fetch(`${server.url}${LRS}/statements?limit=1`, { headers });
    if (!probe.ok) throw new Error(`the LRS answered ${probe.status}: ${await probe.text()}`);
    const rows = [];
    for (const s of xapiScenarios(facts))
      rows.push(await loadRow('xapi', server.url, server.pid, { ...s, headers }));

    // Ingest: batches of 50, each different.
    let n = 0;
    const bodies = Array.from({ length: 200 }, (_, i) => batch(i, facts.home));
    const before = await countStatements(dbUrl);
    const ingest = await loadRow('xapi', server.url, server.pid, {
      name: `POST statements, batches of ${BATCH} (1,000 statements/s = 20 batches/s)`,
      path: `${LRS}/statements`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies[n++ % bodies.length] }) }],
      budget: { p99: 1000, minRps: 20 },
    });
    const stored = (await countStatements(dbUrl)) - before;
    const perSecond = Number.parseFloat(ingest.throughput) * BATCH;
    ingest.scenario += ` — ${Math.round(perSecond).toLocaleString('en')} statements/s; ${stored.toLocaleString('en')} stored during the load`;
    rows.push(ingest);
    return rows;
  } finally {
    await server?.stop();
    // The next run (BENCH_REUSE=1) finds the seeded million again.
    await query(dbUrl, 'delete from xapi_statements where seq > $1', [seededMax]).catch(() => {});
    await query(dbUrl, 'vacuum analyze xapi_statements').catch(() => {});
    if (process.env.BENCH_KEEP !== '1' && process.env.BENCH_REUSE !== '1')
      await dropDatabase(DATABASE).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function query(url, text, params = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function countStatements(url) {
  const [{ n }] = await query(url, 'select count(*)::int as n from xapi_statements');
  return n;
}

if (isMain(import.meta)) {
  try {
    process.exit(printTable(await runXapi()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
