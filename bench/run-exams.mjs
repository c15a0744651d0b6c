// `npm run bench:exams -w bench`: exam submissions on PostgreSQL. Creates a fresh database on
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), seeds it with
// bench/seed-exams.ts (1,000 learners, two 50-question exams), starts the built server on it,
// signs every learner in through the real provider and starts their attempts, then:
//   1. all 1,000 submit exam A at the same instant (each on its own open connection),
//   2. the same 1,000 requests are replayed at once (double clicks, retries),
//   3. all 1,000 submit exam B within BENCH_RUSH_SECONDS (10) — the rush before a deadline.
// Checks: 0 errors, every grade right, every attempt graded and stored exactly once (the replay
// changes nothing), and p99 ≤ 300 ms (for the rush; BENCH_STRICT=1 holds burst 1 to it too).
// Why not burst 1: each submission costs CPU (columns "API/DB CPU ms/req", about 7 + 5 ms on the
// 2-core machine), so 1,000 at the same instant take seconds of CPU before the last is answered,
// whatever the code (docs/decisions.md, 47); the rush is the same 1,000 submissions arriving as
// they do before a deadline. The load average is printed: on a machine shared with other work the
// latencies are not the product's, the CPU per request is. runExams() gives `npm run bench` its rows.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isMain } from './lib/large-server.mjs';
import { createDatabase, dropDatabase } from './lib/postgres.mjs';
import { sampleRss, startBuiltServer } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { mb, printTable, row } from './lib/table.mjs';

const BUDGET_P99_MS = 300;
/** Issue 21: the 1,000 same-instant submissions all answered (graded and stored) within this. */
const BUDGET_BURST_MS = 4000;
/** Issue 21: CPU of one graded submission, the API process and its PostgreSQL backends together. */
const BUDGET_CPU_MS = 6;
/** The deadline rush: every learner submits within this many seconds (uniformly spread). */
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 10);
/** BENCH_STRICT=1 also holds the same-instant burst to the p99 budget. */
const STRICT = process.env.BENCH_STRICT === '1';
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1000);
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_EXAMS_PORT ?? 3433);
const API = '/services/core/api';
const dataDir = path.join(root, '.tmp/bench-exams');

/** Runs the three bursts on a fresh database (dropped afterwards unless BENCH_KEEP=1); table rows. */
export async function runExams() {
  const dbName = `academy_bench_exams_${process.pid}`;
  const started = performance.now();
  const step = (label) => console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${label}`);

  const dbUrl = await createDatabase(dbName);
  let server;
  const cleanup = async () => {
    await server?.stop();
    if (process.env.BENCH_KEEP !== '1') {
      await dropDatabase(dbName).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  try {
    const seeded = spawnSync('npx', ['tsx', 'bench/seed-exams.ts', dbUrl, String(LEARNERS)], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
    const { examIds } = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
    step(`seeded ${LEARNERS} learners and two 50-question exams (ids ${examIds.join(', ')})`);

    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    rmSync(dataDir, { recursive: true, force: true });
    // seed-exams.ts loaded the demo data already
    server = await startBuiltServer({
      port,
      dataDir,
      databaseUrl: dbUrl,
      env: { DEMO_DATA: 'false' },
      nodeArgs: profile,
    });
    const baseUrl = server.url;
    step('server up');

    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    function request(method, pathAndQuery, token, body) {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        const t0 = performance.now();
        const req = http.request(
          `${baseUrl}${pathAndQuery}`,
          {
            method,
            agent,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            },
          },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({
                status: res.statusCode,
                ms: performance.now() - t0,
                json: text ? JSON.parse(text) : null,
              });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    }
    async function pool(items, concurrency, fn) {
      const out = new Array(items.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < items.length) {
            const i = next++;
            out[i] = await fn(items[i], i);
          }
        }),
      );
      return out;
    }

    const codes = Array.from({ length: LEARNERS }, (_, i) => `B${String(i + 1).padStart(4, '0')}`);
    const tokens = await pool(
      codes,
      16,
      async (code) => (await signIn(baseUrl, code, 'Bench@2026')).access_token,
    );
    step(`${LEARNERS} learners signed in`);
    // Every learner starts both exams; the first is submitted all at once, the second in a rush.
    const attemptsOf = {};
    const questionsOf = {};
    for (const examId of examIds) {
      attemptsOf[examId] = await pool(tokens, 32, async (token) => {
        const res = await request('POST', `${API}/exams/${examId}/start`, token);
        if (res.status !== 200) throw new Error(`start answered ${res.status}: ${JSON.stringify(res.json)}`);
        return res.json;
      });
      questionsOf[examId] = (
        await request('GET', `${API}/questions/exams?exam_id=${examId}&page=0&size=999999999`, tokens[0])
      ).json;
      if (questionsOf[examId]?.length !== 50) throw new Error('expected 50 questions');
    }
    step(`${LEARNERS} × ${examIds.length} attempts started`);

    // Learner i answers the first 20 + i % 31 questions right (30 are needed to pass) and the rest wrong.
    const right = (q) => {
      if (q.type === 'FILL_BLANKS') {
        const n = Number(q.content.match(/Question (\d+)/)[1]) - 1;
        return { questionId: q.id, blanks: [` CODE${n} `, 'Blue'] };
      }
      return { questionId: q.id, optionIds: q.options.filter((o) => /right/.test(o.text)).map((o) => o.id) };
    };
    const wrong = (q) =>
      q.type === 'FILL_BLANKS'
        ? { questionId: q.id, blanks: ['x', 'y'] }
        : { questionId: q.id, optionIds: q.options.filter((o) => /wrong/.test(o.text)).map((o) => o.id) };
    const bodiesOf = (examId) =>
      attemptsOf[examId].map((a, i) => ({
        attemptId: a.id,
        answers: questionsOf[examId].map((q, n) => (n < 20 + (i % 31) ? right(q) : wrong(q))),
      }));
    const expectedPass = tokens.map((_, i) => 20 + (i % 31) >= 30);

    // Open one connection per learner first, so the burst measures the server, not TCP handshakes.
    await Promise.all(tokens.map(() => request('GET', '/health')));

    /**
     * The CPU time of the API process and of this database's PostgreSQL backends during a burst
     * (Linux /proc; null elsewhere), sampled every 100 ms so that a backend the pool closes meanwhile
     * still counts. Per request, it is the cost of one submission whatever else the machine runs at
     * the time, which latency on a shared machine is not.
     */
    function cpuMeter() {
      const ticks = (pid) => {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
      };
      const first = new Map();
      const last = new Map();
      const sample = () => {
        for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
          try {
            if (pid !== String(server.pid) && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dbName))
              continue;
            const now = ticks(pid);
            if (!first.has(pid)) first.set(pid, now);
            last.set(pid, now);
          } catch {}
        }
      };
      try {
        sample();
      } catch {
        return { stop: () => null };
      }
      const timer = setInterval(sample, 100);
      return {
        stop() {
          clearInterval(timer);
          sample();
          let api = 0;
          let database = 0;
          for (const [pid, end] of last) {
            const used = (end - (first.get(pid) ?? end)) * 10;
            if (pid === String(server.pid)) api += used;
            else database += used;
          }
          return { api, database };
        },
      };
    }

    /** Sends every learner's submission, learner i after delay(i) ms, and measures each. */
    async function burst(label, examId, delay) {
      const bodies = bodiesOf(examId);
      const meter = cpuMeter();
      const memory = sampleRss(server.pid);
      const t0 = performance.now();
      const results = await Promise.all(
        bodies.map(async (b, i) => {
          const wait = delay(i);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          return request('POST', `${API}/exams/process`, tokens[i], b);
        }),
      );
      const wall = performance.now() - t0;
      const cpu = meter.stop();
      const { peak } = memory.stop();
      const cpuMs = (key) => (cpu ? +(cpu[key] / results.length).toFixed(2) : null);
      const ms = results.map((r) => r.ms).sort((a, b) => a - b);
      const pct = (p) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
      return {
        row: {
          scenario: label,
          requests: results.length,
          errors: results.filter((r) => r.status !== 200).length,
          'wrong grades': results.filter((r, i) => r.status === 200 && r.json.passed !== expectedPass[i])
            .length,
          'p50 ms': Math.round(pct(50)),
          'p95 ms': Math.round(pct(95)),
          'p99 ms': Math.round(pct(99)),
          'max ms': Math.round(ms.at(-1)),
          'wall ms': Math.round(wall),
          'submits/s': Math.round(results.length / (wall / 1000)),
          'API CPU ms/req': cpuMs('api'),
          'DB CPU ms/req': cpuMs('database'),
        },
        peakRssMb: peak,
        results,
      };
    }

    const [examA, examB] = examIds;
    const atOnce = await burst(`${LEARNERS} submit at the same instant`, examA, () => 0);
    const replay = await burst(`the same ${LEARNERS} replayed at once`, examA, () => 0);
    const rushMs = RUSH_SECONDS * 1000;
    const rush = await burst(`${LEARNERS} submit within ${RUSH_SECONDS} s (deadline rush)`, examB, (i) =>
      Math.round((i * rushMs) / LEARNERS),
    );
    step('bursts done');

    const check = new pg.Client({ connectionString: dbUrl.toString() });
    await check.connect();
    const stored = [];
    for (const examId of examIds) {
      const { rows } = await check.query(
        `select $1::int as exam,
              count(*)::int as attempts,
              count(distinct user_id)::int as learners,
              count(*) filter (where status = 'SUBMITTED')::int as submitted,
              count(*) filter (where result = 'PASSED')::int as passed,
              (select count(*)::int from exam_standings where exam_id = $1 and attempts = 1) as "standings once",
              (select count(*)::int from exam_standings where exam_id = $1
                 and failed_attempts = (case when passed_at is null then 1 else 0 end)) as "standings consistent",
              (select count(*)::int from lesson_progress where lesson_id = $1) as "progress rows"
       from exam_attempts where exam_id = $1`,
        [examId],
      );
      stored.push(rows[0]);
    }
    await check.end();
    const passes = expectedPass.filter(Boolean).length;
    const sameReplay = replay.results.every(
      (r, i) =>
        r.status === 200 &&
        r.json.id === atOnce.results[i].json?.id &&
        r.json.endedAt === atOnce.results[i].json?.endedAt,
    );
    console.table([atOnce.row, replay.row, rush.row]);
    console.log(
      `exams: load average (1, 5, 15 min) on ${os.cpus().length} cores: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    console.table(stored.map((row) => ({ ...row, 'expected passes': passes })));
    console.log(`replays answered the stored results unchanged: ${sameReplay}`);

    const storedOnce = stored.every(
      (row) =>
        row.attempts === LEARNERS &&
        row.learners === LEARNERS &&
        row.submitted === LEARNERS &&
        row.passed === passes &&
        row['standings once'] === LEARNERS &&
        row['standings consistent'] === LEARNERS &&
        row['progress rows'] === LEARNERS,
    );
    const clean = [atOnce, replay, rush].every((b) => b.row.errors === 0 && b.row['wrong grades'] === 0);
    const fast = (b) => b.row['p99 ms'] <= BUDGET_P99_MS;
    console.log(
      `0 errors and right grades: ${clean}; every attempt stored once: ${storedOnce && sameReplay}; ` +
        `p99 ≤ ${BUDGET_P99_MS} ms: at the same instant ${fast(atOnce)}, deadline rush ${fast(rush)}`,
    );
    agent.destroy();
    const cpuNote = (b) =>
      `API ${b.row['API CPU ms/req']} + DB ${b.row['DB CPU ms/req']} ms CPU per submission`;
    const examRow = (b, scenario, budget, ok, extra = {}) =>
      row({
        group: 'exams',
        scenario,
        p50: b.row['p50 ms'],
        p99: b.row['p99 ms'],
        throughput: `${b.row['submits/s']} submits/s`,
        memory: mb(b.peakRssMb),
        budget,
        ok,
        note: `${b.row.errors} errors, ${b.row['wrong grades']} wrong grades; ${cpuNote(b)}`,
        ...extra,
      });
    const correct = '0 errors, grades right, each attempt stored once';
    const allWithin = atOnce.row['max ms'] <= BUDGET_BURST_MS;
    const cpuOf = (b) => (b.row['API CPU ms/req'] ?? Number.NaN) + (b.row['DB CPU ms/req'] ?? Number.NaN);
    const cheap = (b) => cpuOf(b) <= BUDGET_CPU_MS;
    return [
      examRow(
        atOnce,
        `${LEARNERS} learners submit a 50-question exam at the same instant`,
        STRICT
          ? `p99 ≤ ${BUDGET_P99_MS} ms, ${correct}`
          : `all answered within ${BUDGET_BURST_MS / 1000} s (the slowest: ${atOnce.row['max ms']} ms), ${correct} (p99 ≤ ${BUDGET_P99_MS} ms not held: decision 47)`,
        clean && storedOnce && allWithin && (STRICT ? fast(atOnce) : true),
      ),
      row({
        group: 'exams',
        scenario: 'CPU per graded submission, API + database (same-instant burst; deadline rush)',
        throughput: `${cpuOf(atOnce).toFixed(2)} ms; ${cpuOf(rush).toFixed(2)} ms`,
        budget: `≤ ${BUDGET_CPU_MS} ms each`,
        ok: cheap(atOnce) && cheap(rush),
        note: `burst ${cpuNote(atOnce)}; rush ${cpuNote(rush)}`,
      }),
      examRow(
        replay,
        `the same ${LEARNERS} submissions replayed at once`,
        'the stored answers unchanged, nothing stored twice',
        clean && sameReplay && storedOnce,
      ),
      examRow(
        rush,
        `${LEARNERS} learners submit within ${RUSH_SECONDS} s (deadline rush)`,
        `p99 ≤ ${BUDGET_P99_MS} ms, ${correct}`,
        clean && storedOnce && fast(rush),
      ),
    ];
  } finally {
    await cleanup();
  }
}

if (isMain(import.meta)) {
  try {
    process.exit(printTable(await runExams()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
