// `npm run bench:scorm -w bench`: SCORM lessons at the issue's scale (issue 25, Performance) on
// PostgreSQL, on a fresh database and built server of their own (its content origin on port + 1):
//   commits: BENCH_SCORM_LEARNERS (1,000) learners, each with an attempt and a running session
//     seeded directly (bench/seed-scorm.ts: the rows and credentials POST …/scorm/launch makes),
//     commit every 30 s to the content origin, spread evenly, for BENCH_SCORM_SECONDS (90): an
//     open-loop ~33 commits/s; each commit's latency, budget p99 ≤ 50 ms;
//   import: a package of BENCH_SCORM_FILES (5,000) files and BENCH_SCORM_MB (500) MB of random
//     (incompressible) content, written streamed into .tmp/bench-scorm and deleted after, uploaded
//     as PUT lessons/{id}/package's multipart file and imported (checked, unpacked into storage,
//     its rows written): time to the answer ≤ 60 s, the server's RSS growth ≤ 150 MB.
// Dropped afterwards unless BENCH_KEEP=1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { cpuMeter, cpuMs } from './lib/cpu.mjs';
import { isMain } from './lib/large-server.mjs';
import { createDatabase, dropDatabase } from './lib/postgres.mjs';
import { sampleRss, startBuiltServer } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { mb, percentile, printTable, row } from './lib/table.mjs';
import { manifest12, writeStoredZip } from './lib/zip-writer.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_SCORM_PORT ?? 3446);
const dataDir = path.join(root, '.tmp/bench-scorm');
const API = '/services/core/api';
const LEARNERS = Number(process.env.BENCH_SCORM_LEARNERS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SCORM_SECONDS ?? 90);
const INTERVAL_SECONDS = 30;
const FILES = Number(process.env.BENCH_SCORM_FILES ?? 5_000);
const PACKAGE_MB = Number(process.env.BENCH_SCORM_MB ?? 500);

const SCO_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Bench SCO</title></head><body><p>Bench</p></body></html>';

/**
 * Waits (at most 90 s) until the server uses under 5 % of a core over 3 s: the first start's demo
 * data leave background jobs (certificate PDFs) that would otherwise run during the load.
 */
async function serverIdle(pid) {
  for (let i = 0; i < 30; i++) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 3000));
    if ((cpuMs(pid) ?? 0) - (before ?? 0) < 150) return;
  }
}

/** The API as the administrator. */
function api(baseUrl, token) {
  return async (method, route, body) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${baseUrl}${API}/${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** A course with a SCORM lesson (no minimum study time), in an ordered course of its own. */
async function scormLesson(call, name) {
  const form = new FormData();
  form.set('name', name);
  form.set('serviceId', '1');
  form.set('ordered', 'true');
  const course = await call('POST', 'courses', form);
  const topic = await call('POST', `courses/${course.id}/topics`, { name: 'Topic' });
  const lesson = await call('POST', `topics/${topic.id}/lessons`, {
    name,
    videoKind: 'scorm',
    minStudyMinutes: 0,
    requiredCorrectAnswers: 0,
    examTimeLimitMinutes: 10,
  });
  return lesson.id;
}

/** What scorm-again sends on an autocommit of a SCORM 1.2 SCO half-way (about 2.5 kB). */
function commitBody(n) {
  const seconds = 30 * (n + 1);
  const hh = String(Math.floor(seconds / 3600)).padStart(4, '0');
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return JSON.stringify({
    successStatus: 'unknown',
    completionStatus: 'incomplete',
    totalTimeSeconds: seconds,
    runtimeData: {
      cmi: {
        core: {
          lesson_status: 'incomplete',
          lesson_location: `page-${n % 40}`,
          exit: 'suspend',
          session_time: `${hh}:${mm}:${ss}`,
          score: { raw: String(n % 100), min: '0', max: '100' },
        },
        suspend_data: `{"slide":${n % 40},"answers":"${'x'.repeat(2000)}"}`,
        interactions: [
          {
            id: `q${n % 10}`,
            type: 'choice',
            student_response: 'a',
            result: 'correct',
            latency: '0000:00:05',
          },
        ],
      },
    },
  });
}

/** 1,000 learners committing every 30 s, open loop: each commit leaves on its schedule. */
async function commitLoad(contentUrl, tokens) {
  const perLearner = Math.max(1, Math.floor(SECONDS / INTERVAL_SECONDS));
  const spacing = (INTERVAL_SECONDS * 1000) / tokens.length;
  const latencies = [];
  let failures = 0;
  let firstFailure = '';
  const started = performance.now();
  const sends = [];
  for (let round = 0; round < perLearner; round++) {
    for (const [i, token] of tokens.entries()) {
      const at = round * INTERVAL_SECONDS * 1000 + i * spacing;
      sends.push(
        new Promise((resolve) => setTimeout(resolve, Math.max(0, at - (performance.now() - started)))).then(
          async () => {
            const body = commitBody(round);
            const t0 = performance.now();
            try {
              const res = await fetch(`${contentUrl}/scorm/${token}/commit`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
              });
              await res.arrayBuffer();
              latencies.push(performance.now() - t0);
              if (res.status !== 200) {
                failures += 1;
                firstFailure ||= `${res.status}`;
              }
            } catch (err) {
              failures += 1;
              firstFailure ||= String(err);
            }
          },
        ),
      );
    }
  }
  await Promise.all(sends);
  const seconds = (performance.now() - started) / 1000;
  return { latencies, failures, firstFailure, seconds, commits: sends.length };
}

/** Commits one after the other (nothing else in flight): the commit's own time on this machine. */
async function commitsOneAtATime(contentUrl, tokens) {
  const ms = [];
  for (const token of tokens) {
    const t0 = performance.now();
    const res = await fetch(`${contentUrl}/scorm/${token}/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: commitBody(0),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`a commit answered ${res.status}`);
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/** The runtime's script (a static file of the content origin) one request at a time: this machine's floor. */
async function staticOneAtATime(contentUrl) {
  const ms = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const res = await fetch(`${contentUrl}/runtime/player.js`);
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/** The big package, streamed to disk: a manifest, its SCO and FILES - 2 files of random bytes. */
async function bigPackage(file) {
  const fileBytes = Math.floor((PACKAGE_MB * 1024 ** 2) / (FILES - 2));
  async function* entries() {
    yield { name: 'imsmanifest.xml', data: Buffer.from(manifest12('Large bench package', 'index.html')) };
    yield { name: 'index.html', data: Buffer.from(SCO_PAGE) };
    for (let i = 0; i < FILES - 2; i++) {
      yield {
        name: `media/part${String(i % 50).padStart(2, '0')}/asset-${i}.bin`,
        data: randomBytes(fileBytes),
      };
    }
  }
  return writeStoredZip(file, entries());
}

/** PUT lessons/{id}/package with the zip as a streamed multipart `file`. */
async function uploadPackage(baseUrl, token, lessonId, file) {
  const boundary = `----academy-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="package.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) yield chunk;
    yield tail;
  }
  const res = await fetch(`${baseUrl}${API}/lessons/${lessonId}/package`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + statSync(file).size + tail.length),
    },
    body: body(),
    duplex: 'half',
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`PUT lessons/${lessonId}/package: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function runScorm() {
  const dbName = `academy_bench_scorm_${process.pid}`;
  const started = performance.now();
  const step = (label) => console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${label}`);
  const dbUrl = await createDatabase(dbName);
  let server;
  const zip = path.join(root, '.tmp/bench-scorm-package.zip');
  try {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    server = await startBuiltServer({
      port,
      dataDir,
      databaseUrl: dbUrl,
      env: { CONTENT_PORT: String(port + 1), DEMO_DATA: 'true', DEMO_VIDEO: 'false' },
      // BENCH_SCORM_PROFILE=1: a CPU profile of the server in .tmp/scorm-profile when it stops.
      nodeArgs:
        process.env.BENCH_SCORM_PROFILE === '1'
          ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp/scorm-profile')}`]
          : [],
    });
    const contentUrl = `http://localhost:${port + 1}`;
    step('server up');
    const { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
    const call = api(server.url, token);
    const rows = [];

    // Commits.
    const lessonId = await scormLesson(call, 'SCORM commit bench');
    const small = path.join(root, '.tmp/bench-scorm-small.zip');
    await writeStoredZip(
      small,
      (async function* () {
        yield { name: 'imsmanifest.xml', data: Buffer.from(manifest12('Commit bench', 'index.html')) };
        yield { name: 'index.html', data: Buffer.from(SCO_PAGE) };
      })(),
    );
    await uploadPackage(server.url, token, lessonId, small);
    rmSync(small, { force: true });
    const seeded = spawnSync(
      'npx',
      ['tsx', 'bench/seed-scorm.ts', dbUrl, String(lessonId), String(LEARNERS)],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 64 * 1024 ** 2,
      },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
    const { tokens } = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
    step(`seeded ${tokens.length} learners with an attempt and a running session`);
    await serverIdle(server.pid);
    step('server idle (the demo data background jobs done)');
    const baseline = await staticOneAtATime(contentUrl);
    const alone = await commitsOneAtATime(contentUrl, tokens.slice(0, 200));
    step(
      `200 commits one at a time: p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms ` +
        `(a static file: p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms)`,
    );
    const meter = cpuMeter(server.pid, dbName);
    const load = await commitLoad(contentUrl, tokens);
    const cpu = meter.stop();
    const cpuPerCommit = (cpu?.api ?? Number.NaN) / load.commits;
    const dbCpuPerCommit = (cpu?.database ?? Number.NaN) / load.commits;
    const p99 = percentile(load.latencies, 99);
    step(`${load.commits} commits in ${load.seconds.toFixed(0)} s`);
    rows.push(
      row({
        group: 'scorm',
        scenario: `commits: ${tokens.length.toLocaleString('en')} learners each every ${INTERVAL_SECONDS} s, ${load.commits.toLocaleString('en')} commits`,
        p50: percentile(load.latencies, 50),
        p99,
        throughput: `${(load.commits / load.seconds).toFixed(1)} commits/s`,
        memory: mb(server.rssMb()),
        budget: 'p99 ≤ 50 ms, no failure',
        ok: p99 <= 50 && load.failures === 0,
        note: `CPU per commit: server ${cpuPerCommit.toFixed(1)} ms, PostgreSQL ${dbCpuPerCommit.toFixed(1)} ms; one at a time (200, before the load): p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms, a static file of the content origin p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms${load.failures ? `; ${load.failures} commits failed (first: ${load.firstFailure})` : ''}`,
      }),
    );

    // Import.
    if (process.env.BENCH_SCORM_ONLY === 'commits') return rows;
    const big = await scormLesson(call, 'SCORM import bench');
    const written = await bigPackage(zip);
    step(`package written: ${written.entries} files, ${(written.bytes / 1024 ** 2).toFixed(0)} MB`);
    const memory = sampleRss(server.pid);
    const t0 = performance.now();
    const imported = await uploadPackage(server.url, token, big, zip);
    const ms = performance.now() - t0;
    const { start, peak } = memory.stop();
    step(`imported in ${(ms / 1000).toFixed(1)} s`);
    const growth = peak - start;
    const whole = imported.fileCount === written.entries;
    rows.push(
      row({
        group: 'scorm',
        scenario: `import: a package of ${written.entries.toLocaleString('en')} files, ${(written.bytes / 1024 ** 2).toFixed(0)} MB (upload, checks, unpacking, rows)`,
        p50: ms,
        p99: ms,
        throughput: `${(written.bytes / 1024 ** 2 / (ms / 1000)).toFixed(0)} MB/s`,
        memory: `${mb(peak)} (+${mb(growth)})`,
        budget: '≤ 60 s, RSS growth ≤ 150 MB',
        ok: ms <= 60_000 && growth <= 150 && whole,
        note: whole ? undefined : `the package imported ${imported.fileCount} files of ${written.entries}`,
      }),
    );
    return rows;
  } finally {
    await server?.stop();
    rmSync(zip, { force: true });
    if (process.env.BENCH_KEEP !== '1') {
      await dropDatabase(dbName).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (isMain(import.meta)) {
  try {
    process.exit(printTable(await runScorm()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
