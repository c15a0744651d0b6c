import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balancer, startBalancer } from './lib/balancer';
import { freePort } from './lib/ports';
import { type PrivatePostgres, startPrivatePostgres } from './lib/postgres';
import { type ServerProcess, startServer } from './lib/server';
import { signIn } from './lib/sign-in';

/**
 * Scale-out (issue 11): two `api` processes and one `worker` process on one PostgreSQL and one
 * shared DATA_DIR, all with the same PUBLIC_URL (the load balancer's address). A learner's
 * requests, a resumable upload and an exam alternate between the two API processes; the encoding
 * job runs once, on the worker.
 */

const tmp = path.resolve(import.meta.dirname, '../.tmp/resilience');
const dataDir = path.join(tmp, 'scale-out');
const API = '/services/core/api';

let postgres: PrivatePostgres;
let sql: pg.Pool;
let a: ServerProcess;
let b: ServerProcess;
let worker: ServerProcess;
let publicUrl: string;
let balancer: Balancer;

type Json = Record<string, unknown>;

async function call(
  server: ServerProcess,
  route: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.url}${API}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
}

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  postgres = await startPrivatePostgres('scale-out');
  sql = new pg.Pool({ connectionString: postgres.url, max: 2 });
  // The load balancer's address; it starts once A and B are up.
  const balancerPort = await freePort();
  publicUrl = `http://127.0.0.1:${balancerPort}`;
  const common = {
    dataDir,
    databaseUrl: postgres.url,
    publicUrl,
    env: { MEDIA_LADDER: '360', MEDIA_X264_PRESET: 'ultrafast' },
  };
  const start = (role: string) => startServer({ ...common, env: { ...common.env, ACADEMY_ROLE: role } });
  // All three at once on an empty database: one migrates and loads the demo data, the others wait.
  [a, b, worker] = await Promise.all([start('api'), start('api'), start('worker')]);
  balancer = await startBalancer(balancerPort, [a.url, b.url]);
});

afterAll(async () => {
  await balancer?.close();
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM'), worker?.kill('SIGTERM')]);
  await sql?.end();
  postgres?.destroy();
});

describe('two api processes and a worker on one PostgreSQL and one DATA_DIR', () => {
  it('started together on an empty database: migrated and seeded once, roles in /health', async () => {
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from users where employee_code = 'student'`,
    );
    expect(rows[0]?.n).toBe(1);
    const loaded = [a, b, worker].filter((p) => p.output().includes('Loaded demo data'));
    expect(loaded).toHaveLength(1);
    for (const api of [a, b]) {
      expect(await (await fetch(`${api.url}/health`)).json()).toMatchObject({ status: 'ok', jobs: 'off' });
    }
    expect(await (await fetch(`${worker.url}/health`)).json()).toMatchObject({
      status: 'ok',
      jobs: 'running',
    });
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(200);
    expect((await fetch(`${worker.url}${API}/config`)).status).toBe(404);
  });

  it("keeps a learner's session on both: signed in on A, served by B, refreshed on B, used on A", async () => {
    const tokens = await signIn(a.url, 'student', 'Student@2026', publicUrl);
    expect(tokens.refresh_token).toBeTruthy();
    for (const server of [a, b, a, b]) {
      const profile = await call(server, '/users/profile', tokens.access_token);
      expect(profile.status).toBe(200);
      expect(profile.json.employeeCode).toBe('student');
    }
    const refreshed = await fetch(`${b.url}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'academy-web',
      }),
    });
    expect(refreshed.status).toBe(200);
    const fresh = (await refreshed.json()) as { access_token: string };
    expect(fresh.access_token).not.toBe(tokens.access_token);
    expect((await call(a, '/users/profile', fresh.access_token)).status).toBe(200);
    // The provider's own endpoint answers on the other process too.
    const userinfo = await fetch(`${a.url}/idp/me`, {
      headers: { authorization: `Bearer ${fresh.access_token}` },
    });
    expect(userinfo.status).toBe(200);
  });

  it('signs in through a round-robin balancer: each step of the sign-in lands on the other process', async () => {
    const tokens = await signIn(balancer.url, 'student', 'Student@2026');
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${balancer.url}${API}/users/profile`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(res.status).toBe(200);
    }
    const [onA = 0, onB = 0] = balancer.served();
    expect(onA).toBeGreaterThanOrEqual(4);
    expect(Math.abs(onA - onB)).toBeLessThanOrEqual(1);
  });

  it('completes a tus upload whose PATCHes alternate A/B, byte-identical; the worker encodes it once', async () => {
    const { access_token: token } = await signIn(b.url, 'admin', 'Admin@2026', publicUrl);
    const source = path.join(tmp, 'scale-out-source.mp4');
    // The smallest video the checks accept: 720p, just over a minute (a low frame rate keeps it quick).
    execFileSync('ffmpeg', [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '61', '-pix_fmt', 'yuv420p'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-c:a', 'aac', '-shortest', source],
    ]);
    const bytes = readFileSync(source);
    const tus = (
      server: ServerProcess,
      url: string,
      method: string,
      headers: Record<string, string>,
      body?: Buffer,
    ) =>
      fetch(new URL(url, server.url), {
        method,
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, ...headers },
        body,
      });
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await tus(a, `${API}/uploads`, 'POST', {
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64('scale-out.mp4')},filetype ${b64('video/mp4')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const videoId = location.split('/').at(-1) ?? '';
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);

    const chunk = Math.ceil(bytes.length / 4);
    const order = [b, a, b, a];
    let finished: Json | undefined;
    for (const [i, server] of order.entries()) {
      // Each PATCH starts where the other process says the upload is.
      const other = server === a ? b : a;
      const head = await tus(other, location, 'HEAD', {});
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('upload-offset'))).toBe(i * chunk);
      const part = bytes.subarray(i * chunk, Math.min(bytes.length, (i + 1) * chunk));
      const patched = await tus(
        server,
        location,
        'PATCH',
        { 'upload-offset': String(i * chunk), 'content-type': 'application/offset+octet-stream' },
        part,
      );
      const last = i === order.length - 1;
      expect(patched.status, await patched.clone().text()).toBe(last ? 200 : 204);
      if (last) finished = (await patched.json()) as Json;
    }
    expect(finished, JSON.stringify(finished)).toMatchObject({ id: videoId, status: 'QUEUED' });

    let video: Json = {};
    const until = Date.now() + 240_000;
    for (let turn = 0; Date.now() < until; turn++) {
      video = (await call(turn % 2 ? a : b, `/videos/${videoId}`, token)).json;
      if (video.status === 'READY' || video.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(video.status).toBe('READY');

    const year = new Date().getUTCFullYear();
    const stored = readFileSync(path.join(dataDir, 'files', 'videos', String(year), `${videoId}.mp4`));
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(stored.length).toBe(bytes.length);
    expect(sha(stored)).toBe(sha(bytes));

    // One job for the video, completed at its first attempt, and the video row names it.
    const jobs = await sql.query<{ id: string; state: string; retry_count: number }>(
      `select id, state, retry_count from pgboss.job where name = 'media-encode' and data->>'videoId' = $1`,
      [videoId],
    );
    expect(jobs.rows).toEqual([{ id: expect.any(String), state: 'completed', retry_count: 0 }]);
    const [row] = (
      await sql.query<{ job_id: string; attempts: number }>(
        'select job_id, attempts from media_videos where id = $1',
        [videoId],
      )
    ).rows;
    expect(row).toEqual({ job_id: jobs.rows[0]?.id, attempts: 0 });
    // Only the worker encoded: its log says so once, the API processes never did.
    const encodedLines = (p: ServerProcess) =>
      p
        .output()
        .split('\n')
        .filter((line) => line.includes(videoId) && line.includes('video encoded'));
    expect(encodedLines(worker)).toHaveLength(1);
    for (const api of [a, b]) {
      expect(api.output()).not.toContain('encoding a video');
      expect(api.output()).not.toContain('video encoded');
    }
  });

  it('grades an exam started on A and answered and submitted on B once, with the right grade', async () => {
    const { access_token: token } = await signIn(a.url, 'student', 'Student@2026', publicUrl);
    // A demo exam the learner may take now (the first lesson of its course).
    const examIds = (
      await sql.query<{ exam_id: number }>('select distinct exam_id from exam_questions order by exam_id')
    ).rows.map((r) => r.exam_id);
    let examId = 0;
    for (const id of examIds) {
      const state = await call(a, `/exams/${id}/state`, token);
      if (state.status === 200 && state.json.locked === false) {
        examId = id;
        break;
      }
    }
    expect(examId).toBeGreaterThan(0);

    const started = await call(a, `/exams/${examId}/start`, token, { method: 'POST' });
    expect(started.status).toBe(200);
    const attemptId = started.json.id as number;
    const questions = await call(b, `/questions/exams?exam_id=${examId}&page=0&size=100`, token);
    expect(questions.status).toBe(200);
    const asked = questions.json as unknown as Array<{ id: number; type: string; blankCount: number }>;

    // The right answers, from the database; every question answered right but the first.
    const keys = new Map(
      (
        await sql.query<{
          id: number;
          options: Array<{ id: string; correct: boolean }>;
          blanks: Array<{ answers: string[] }>;
        }>('select id, options, blanks from exam_questions where exam_id = $1', [examId])
      ).rows.map((q) => [q.id, q]),
    );
    const answers = asked.map((q, i) => {
      const key = keys.get(q.id);
      if (!key) throw new Error(`question ${q.id} is not in the exam`);
      const right = i > 0;
      if (q.type === 'FILL_BLANKS') {
        return {
          questionId: q.id,
          optionIds: [],
          blanks: key.blanks.map((b) => (right ? (b.answers[0] ?? '') : 'wrong')),
        };
      }
      const correct = key.options.filter((o) => o.correct).map((o) => o.id);
      const wrong = key.options
        .filter((o) => !o.correct)
        .map((o) => o.id)
        .slice(0, 1);
      return { questionId: q.id, optionIds: right ? correct : wrong, blanks: [] };
    });
    const saved = await call(b, `/exams/attempts/${attemptId}/answers`, token, {
      method: 'PUT',
      body: { answers },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.answeredCount).toBe(asked.length);
    // A sees what B saved.
    const resumed = await call(a, `/exams/${examId}/start`, token, { method: 'POST' });
    expect(resumed.json.id).toBe(attemptId);
    expect((resumed.json.answers as unknown[]).length).toBe(asked.length);

    const submitted = await call(b, '/exams/process', token, {
      method: 'POST',
      body: { attemptId, answers },
    });
    expect(submitted.status).toBe(200);
    const required = started.json.requiredCorrectAnswers as number | undefined;
    expect(submitted.json).toMatchObject({
      id: attemptId,
      status: 'SUBMITTED',
      correctCount: asked.length - 1,
      questionCount: asked.length,
    });
    const state = await call(a, `/exams/${examId}/state`, token);
    const requiredCorrect = required ?? (state.json.requiredCorrectAnswers as number);
    expect(submitted.json.passed).toBe(asked.length - 1 >= requiredCorrect);
    // Submitting again on A (a retry through the other process) changes nothing.
    const replay = await call(a, '/exams/process', token, { method: 'POST', body: { attemptId, answers } });
    expect(replay.json).toMatchObject({ id: attemptId, correctCount: asked.length - 1 });

    expect((state.json.attempts as unknown[]).length).toBe(1);
    const counted = await sql.query<{ attempts: number; n: number }>(
      `select s.attempts, (select count(*)::int from exam_attempts t where t.exam_id = s.exam_id and t.user_id = s.user_id) as n
         from exam_standings s join users u on u.id = s.user_id
        where u.employee_code = 'student' and s.exam_id = $1`,
      [examId],
    );
    expect(counted.rows).toEqual([{ attempts: 1, n: 1 }]);
  });
});
