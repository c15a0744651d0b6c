// `npm run bench`: every benchmark in bench/ against PostgreSQL (BENCH_DATABASE_URL, default the
// local server), one table at the end, exit 1 when any row misses its budget.
//   site, study, exports, import: one built server on academy_bench_large (`npm run seed:large`, created
//     and seeded unless BENCH_REUSE=1 finds it seeded; left in place for the next run);
//   embedded: the study rows on the embedded database (PGlite in the server), the same large data
//     set seeded into .tmp/bench-large-embedded (run-embedded.mjs);
//   exams: 1,000 learners' submissions on a fresh database and server of their own (run-exams.mjs);
//   compliance: the compliance view over 20,000 people × 20 assignments, on a fresh database and
//     server of their own (run-compliance.mjs);
//   scorm: 1,000 learners' SCORM commits every 30 s, and importing a 500 MB package of 5,000 files,
//     on a fresh database and server of their own (run-scorm.mjs);
//   xapi: the learning record store over 1,000,000 statements (GET with filters, ingest in batches of
//     50) on a database of its own, seeded once and reused with BENCH_REUSE=1 (run-xapi.mjs);
//   media: upload memory (BENCH_UPLOAD_BYTES, 512 MB here), encoding, kill during encoding, on a
//     fresh database and server of their own, since the server is killed (run-media.mjs);
//   bundle: the home page's first-load JavaScript and CSS of the last web build;
//   pages: pages in Chromium on a fresh embedded data folder — load times, requests, JS, CLS, LCP
//     under throttling (run-pages.mjs).
// BENCH_ONLY=site,study (any of the groups) for a quick run; BENCH_SECONDS per load (default 5).
// Build first (`npm run build`): the bench starts apps/api/dist/main.js, as `npm start` does.
// The table goes to stdout and, with the machine and its load, to .tmp/bench-report.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleRows } from './bundle.mjs';
import { withLargeServer } from './lib/large-server.mjs';
import { describeMachine, loadMonitor, settle } from './lib/machine.mjs';
import { sampleRss } from './lib/server.mjs';
import { markdownTable, mb, printTable, row } from './lib/table.mjs';
import { runCompliance } from './run-compliance.mjs';
import { runEmbedded } from './run-embedded.mjs';
import { runExams } from './run-exams.mjs';
import { runExports } from './run-exports.mjs';
import { runImport } from './run-import.mjs';
import { runMedia } from './run-media.mjs';
import { runPages } from './run-pages.mjs';
import { runScorm } from './run-scorm.mjs';
import { runSite } from './run-site.mjs';
import { runStudy } from './run-study.mjs';
import { runXapi } from './run-xapi.mjs';
import { LOAD_PSS_BUDGET_MB, LOAD_RSS_BUDGET_MB, MEMORY_BUDGET_MB } from './scenarios.mjs';

const root = path.resolve(import.meta.dirname, '..');
const GROUPS = [
  'site',
  'study',
  'exports',
  'import',
  'embedded',
  'exams',
  'compliance',
  'scorm',
  'xapi',
  'media',
  'bundle',
  'pages',
];
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((g) => g.trim()) : GROUPS;
const unknown = only.filter((g) => !GROUPS.includes(g));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown group ${unknown.join(', ')} (groups: ${GROUPS.join(', ')})`);
  process.exit(2);
}
const wanted = (group) => only.includes(group);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 512 * 1024 ** 2);

const startedAt = new Date();
const load = loadMonitor();
const rows = [];
/** A group that throws still gets a row, failed, and the others still run. */
async function group(name, measure, always = false) {
  if (!wanted(name) && !always) return;
  console.log(`bench: ${name}…`);
  try {
    if (name !== 'server') await settle();
    rows.push(...(await measure()));
  } catch (err) {
    console.error(err);
    rows.push(
      row({
        group: name,
        scenario: 'did not finish',
        budget: 'runs to the end',
        ok: false,
        note: String(err),
      }),
    );
  }
}

if (['site', 'study', 'exports', 'import'].some(wanted)) {
  await group(
    'server',
    () =>
      withLargeServer(async (server) => {
        // The server's memory while the request loads run (site and study), then after everything.
        const underLoad = sampleRss(server.pid);
        await group('site', () => runSite(server));
        await group('study', () => runStudy(server));
        const loads = underLoad.stop();
        await group('exports', () => runExports(server));
        await group('import', () => runImport(server));
        const rss = server.rssMb();
        const peaks = ['site', 'study'].some(wanted)
          ? [
              row({
                group: 'server',
                scenario: 'peak resident memory (RSS) during the site and study loads',
                memory: mb(loads.peak),
                budget: `≤ ${LOAD_RSS_BUDGET_MB} MB`,
                ok: loads.peak <= LOAD_RSS_BUDGET_MB,
              }),
              row({
                group: 'server',
                scenario: 'peak proportional memory (PSS) during the site and study loads',
                memory: mb(loads.peakPss),
                budget: `≤ ${LOAD_PSS_BUDGET_MB} MB`,
                ok: loads.peakPss <= LOAD_PSS_BUDGET_MB,
              }),
            ]
          : [];
        return [
          ...peaks,
          row({
            group: 'server',
            scenario: 'resident memory after the groups above',
            memory: mb(rss),
            budget: `≤ ${MEMORY_BUDGET_MB} MB`,
            ok: rss <= MEMORY_BUDGET_MB,
          }),
        ];
      }),
    true,
  );
}
await group('embedded', () => runEmbedded());
await group('exams', () => runExams());
await group('compliance', () => runCompliance());
await group('scorm', () => runScorm());
await group('xapi', () => runXapi());
await group('media', () => runMedia({ uploadBytes: UPLOAD_BYTES }));
await group('bundle', async () => bundleRows());
await group('pages', () => runPages());

const { mean, max } = load.stop();
const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
const machine = await describeMachine();
const header = [
  `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${minutes} min, groups ${only.join(', ')}, ` +
    `${process.env.BENCH_SECONDS ?? 5} s per load, 10 connections`,
  `Machine: ${machine.cpu}, ${machine.memory} RAM, ${machine.os}, Node ${machine.node}, ${machine.postgres}`,
  `Load average (1 min) during the run: mean ${mean.toFixed(1)}, max ${max.toFixed(1)}`,
];
console.log(`\n${header.join('\n')}\n`);
const ok = printTable(rows);
const notes = rows.filter((r) => r.note).map((r) => `- ${r.group}: ${r.scenario}: ${r.note}`);
writeFileSync(
  path.join(root, '.tmp/bench-report.md'),
  `${header.join('  \n')}\n\n${markdownTable(rows)}\n\n${notes.join('\n')}\n`,
);
console.log(ok ? 'bench: all within budget' : 'bench: over budget');
process.exit(ok ? 0 : 1);
