// `npm run bench:embedded -w bench`: the study rows on the embedded database (PGlite in the server
// process, what `npm start` runs without DATABASE_URL), on the same large data set as the study
// group (bench/seed-large.ts into .tmp/bench-large-embedded; ≈ a few minutes, reused when
// BENCH_REUSE=1 finds it seeded). After a warm-up of every scenario, each loads as in the study
// group with 10 connections; budgets (issue 21): p99 ≤ 100 ms per row, and the server's peak RSS
// during the loads ≤ 400 MB (its database lives in the same process).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { isMain } from './lib/large-server.mjs';
import { CONNECTIONS, loadRow } from './lib/load.mjs';
import { sampleRss, startBuiltServer } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { mb, printTable, row } from './lib/table.mjs';
import { HEARTBEAT_SCENARIO, STUDY_SCENARIOS } from './scenarios-study.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-large-embedded');
const seededMark = path.join(dataDir, 'seed-large-complete');
const port = Number(process.env.BENCH_EMBEDDED_PORT ?? 3437);

/** Issue 21: the study rows on the embedded database, and its memory after a warm-up. */
export const EMBEDDED_P99_MS = 100;
export const EMBEDDED_RSS_BUDGET_MB = 400;

function seedOnce() {
  if (process.env.BENCH_REUSE === '1' && existsSync(seededMark)) {
    console.log('reusing .tmp/bench-large-embedded (BENCH_REUSE=1)');
    return;
  }
  rmSync(dataDir, { recursive: true, force: true });
  const seeded = spawnSync('npx', ['tsx', 'bench/seed-large.ts', dataDir], { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seed:large (embedded) failed');
  writeFileSync(seededMark, new Date().toISOString());
}

export async function runEmbedded() {
  seedOnce();
  const server = await startBuiltServer({ port, dataDir, env: { DEMO_DATA: 'false' } });
  try {
    const { access_token: token } = await signIn(server.url, 'student', 'Student@2026');
    const learnerTokens = [];
    for (let i = 1; i <= CONNECTIONS; i++) {
      learnerTokens.push(
        (await signIn(server.url, `L${String(i).padStart(5, '0')}`, 'Bench@2026')).access_token,
      );
    }
    let nextLearner = 0;
    const asLearner = (request, context) => {
      context.token ??= learnerTokens[nextLearner++ % learnerTokens.length];
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
    };
    const scenarios = [...STUDY_SCENARIOS, HEARTBEAT_SCENARIO].map((s) => ({
      ...s,
      budget: { ...s.budget, p99: EMBEDDED_P99_MS },
      ...(s.perLearner
        ? { requests: [{ setupRequest: asLearner }] }
        : { headers: s.auth ? { authorization: `Bearer ${token}` } : {} }),
    }));
    // The warm-up: every scenario once under load (PGlite's caches, V8's compiled code).
    for (const s of scenarios) {
      await autocannon({
        url: `${server.url}${s.path}`,
        method: s.method ?? 'GET',
        body: s.body,
        headers: { ...(s.headers ?? {}), ...(s.body ? { 'content-type': 'application/json' } : {}) },
        ...(s.requests ? { requests: s.requests } : {}),
        connections: CONNECTIONS,
        amount: 500,
      });
    }
    const memory = sampleRss(server.pid);
    const rows = [];
    for (const s of scenarios) rows.push(await loadRow('embedded', server.url, server.pid, s));
    const { peak, peakPss } = memory.stop();
    rows.push(
      row({
        group: 'embedded',
        scenario:
          'server with its embedded database: peak resident memory during the loads, after the warm-up',
        memory: `${mb(peak)} (PSS ${Math.round(peakPss)})`,
        budget: `RSS ≤ ${EMBEDDED_RSS_BUDGET_MB} MB`,
        ok: peak <= EMBEDDED_RSS_BUDGET_MB,
      }),
    );
    return rows;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta)) {
  try {
    process.exit(printTable(await runEmbedded()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
