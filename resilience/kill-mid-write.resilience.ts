import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type ApiAs, apiAs, expectOk } from './lib/api';
import { addExam, buildCourse, DEMO_EMPLOYEE_PASSWORD, demoLearners } from './lib/course';
import { query } from './lib/db';
import { type PrivatePostgres, startPrivatePostgres } from './lib/postgres';
import { type ServerProcess, startServer } from './lib/server';
import { signIn } from './lib/sign-in';

/**
 * The server is SIGKILLed while learners' writes are in flight, then started again on the same
 * PostgreSQL: every write that was acknowledged (2xx) is there, nothing is stored twice, and what
 * was not acknowledged can be sent again and is then stored once.
 */

const tmp = path.resolve(import.meta.dirname, '../.tmp/resilience');
const LEARNERS = 16;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Learner = { code: string; id: number; api: ApiAs };
type Question = { id: number; options: Array<{ id: string; text: string }> };
type Result = { id: number; status: string; result: string | null; mark: number | null; passed: boolean };

let pg: PrivatePostgres;
let server: ServerProcess;
let learners: Learner[];
let author: ApiAs;

beforeAll(async () => {
  pg = await startPrivatePostgres('kill-mid-write');
  server = await startServer({ dataDir: path.join(tmp, 'kill-mid-write'), databaseUrl: pg.url });
  author = apiAs(server.url, (await signIn(server.url, 'admin', 'Admin@2026')).access_token);
  learners = await Promise.all(
    demoLearners(LEARNERS).map(async (code) => {
      const api = apiAs(server.url, (await signIn(server.url, code, DEMO_EMPLOYEE_PASSWORD)).access_token);
      const { id } = expectOk(await api.get<{ id: number }>('users/info'));
      return { code, id, api };
    }),
  );
});

afterAll(async () => {
  await server?.kill();
  pg?.destroy();
});

/** Kills the server now, starts it again and waits until it serves. */
async function killAndRestart(): Promise<void> {
  await server.kill('SIGKILL');
  await server.restart();
}

describe('SIGKILL in the middle of writes', () => {
  it('exam submissions: every acknowledged one is stored and graded once, the rest can be sent again', async () => {
    const { lessonIds } = await buildCourse(author, [{}, {}]);
    const examId = lessonIds[0] as number;
    await addExam(author, examId);

    // Every learner starts an attempt; half answer right (pass), half wrong (fail).
    const attempts = await Promise.all(
      learners.map(async (learner, i) => {
        const attempt = expectOk(await learner.api.post<{ id: number }>(`exams/${examId}/start`));
        const questions = expectOk(
          await learner.api.get<Question[]>(`questions/exams?exam_id=${examId}&page=0&size=100`),
        );
        const pick = i % 2 === 0 ? 'Right' : 'Wrong';
        const answers = questions.map((q) => ({
          questionId: q.id,
          optionIds: q.options.filter((o) => o.text === pick).map((o) => o.id),
        }));
        return { learner, attemptId: attempt.id, answers, pass: i % 2 === 0 };
      }),
    );

    // Each learner submits three times (a double click and a retry), spread over 1.2 s; the
    // server is killed 500 ms in: some answered, some in flight, some never reaching it.
    const answered: Array<Answer<Result>[]> = attempts.map(() => []);
    const submits = attempts.flatMap((a, i) =>
      [0, 1, 2].map(async () => {
        await sleep(Math.random() * 1200);
        const answer = await a.learner.api.post<Result>('exams/process', {
          attemptId: a.attemptId,
          answers: a.answers,
        });
        answered[i]?.push(answer);
      }),
    );
    await sleep(500);
    await killAndRestart();
    await Promise.all(submits);

    const acknowledged = answered.map((list) => list.find((a) => a.status === 200));
    const counts = { acknowledged: acknowledged.filter(Boolean).length, learners: attempts.length };
    console.log(
      `exam submissions: ${JSON.stringify(counts)}; statuses ${JSON.stringify(answered.flat().map((a) => a.status))}`,
    );
    expect(counts.acknowledged).toBeGreaterThan(0);
    for (const list of answered) {
      for (const a of list) expect([0, 200, 503], a.text).toContain(a.status);
    }

    // What was acknowledged is stored, as answered.
    for (const [i, a] of attempts.entries()) {
      const ack = acknowledged[i]?.body;
      const [row] = await query<{ status: string; result: string; mark: number }>(
        pg.url,
        'select status, result, mark from exam_attempts where id = $1',
        [a.attemptId],
      );
      if (ack) {
        expect(row).toMatchObject({ status: 'SUBMITTED', result: ack.result, mark: ack.mark });
        expect(ack.passed).toBe(a.pass);
      }
    }

    // What was not: sent again after the restart, it is graded (or, if the lost answer was in
    // fact stored, the stored grade is given back); all repeats agree with the first answer.
    for (const [i, a] of attempts.entries()) {
      const again = await a.learner.api.post<Result>('exams/process', {
        attemptId: a.attemptId,
        answers: a.answers,
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body).toMatchObject({
        id: a.attemptId,
        passed: a.pass,
        result: a.pass ? 'PASSED' : 'FAILED',
      });
      const ack = acknowledged[i]?.body;
      if (ack) expect(again.body).toMatchObject({ mark: ack.mark, result: ack.result });
    }

    // Exactly one attempt per learner, counted once in their standing.
    const perLearner = await query<{ user_id: number; rows: number; submitted: number }>(
      pg.url,
      `select user_id, count(*)::int as rows, count(*) filter (where status = 'SUBMITTED')::int as submitted
       from exam_attempts where exam_id = $1 group by user_id`,
      [examId],
    );
    expect(perLearner).toHaveLength(attempts.length);
    for (const row of perLearner) expect(row).toMatchObject({ rows: 1, submitted: 1 });
    const standings = await query<{ user_id: number; attempts: number; failed_attempts: number }>(
      pg.url,
      'select user_id, attempts, failed_attempts from exam_standings where exam_id = $1',
      [examId],
    );
    for (const a of attempts) {
      const standing = standings.find((s) => s.user_id === a.learner.id);
      expect(standing, a.learner.code).toMatchObject({ attempts: 1, failed_attempts: a.pass ? 0 : 1 });
    }
  });

  it('heartbeats: acknowledged watch time is kept, nothing is counted twice', async () => {
    const { lessonIds } = await buildCourse(author, [{ minStudyMinutes: 5, videoDurationSeconds: 600 }]);
    const lessonId = lessonIds[0] as number;
    type Beat = { sentAt: number; status: number; creditedNow: number; creditedSeconds: number };
    const beats = new Map<number, Beat[]>(learners.map((l) => [l.id, []]));
    const viewings = new Map(learners.map((l) => [l.id, randomUUID()]));
    for (const learner of learners) expectOk(await learner.api.post(`user-lesson/update-status/${lessonId}`));

    let beating = true;
    const beat = async (learner: Learner) => {
      const sentAt = Date.now();
      const answer = await learner.api.put<{ creditedNow: number; creditedSeconds: number }>(
        'user-lesson/time-viewed',
        { lessonId, viewingId: viewings.get(learner.id), position: 0, playing: true, visible: true },
      );
      beats.get(learner.id)?.push({
        sentAt,
        status: answer.status,
        creditedNow: answer.status === 200 ? answer.body.creditedNow : 0,
        creditedSeconds: answer.status === 200 ? answer.body.creditedSeconds : 0,
      });
    };
    // Each player beats every 250 ms (the real player: every 10 s) until told to stop.
    const players = learners.map(async (learner) => {
      while (beating) {
        await beat(learner);
        await sleep(250);
      }
    });
    await sleep(2500);
    // The players stop; one last beat from every player at once, and the kill 25 ms later lands
    // while some of them are being written.
    beating = false;
    await Promise.all(players);
    const lastWave = Promise.all(learners.map(beat));
    await sleep(25);
    const killedAt = Date.now();
    await killAndRestart();
    await lastWave;

    const credited = async (userId: number) => {
      const [row] = await query<{ credited_seconds: number }>(
        pg.url,
        'select credited_seconds from lesson_progress where user_id = $1 and lesson_id = $2',
        [userId, lessonId],
      );
      return row?.credited_seconds ?? 0;
    };
    let acknowledgedBeats = 0;
    for (const learner of learners) {
      const list = beats.get(learner.id) ?? [];
      const acked = list.filter((b) => b.status === 200);
      acknowledgedBeats += acked.length;
      const stored = await credited(learner.id);
      const ackedSum = acked.reduce((sum, b) => sum + b.creditedNow, 0);
      const first = list[0]?.sentAt ?? killedAt;
      // Every acknowledged credit is stored…
      expect(stored, learner.code).toBeGreaterThanOrEqual(ackedSum - 0.01);
      expect(stored + 1, learner.code).toBeGreaterThanOrEqual(acked.at(-1)?.creditedSeconds ?? 0);
      // …and nothing twice: never more than the time that passed while the player was beating.
      expect(stored, learner.code).toBeLessThanOrEqual((killedAt - first) / 1000 + 0.05);
    }
    const lost = [...beats.values()].flat().filter((b) => b.status !== 200).length;
    console.log(
      `heartbeats: ${acknowledgedBeats} acknowledged, ${lost} without an answer (in flight at the kill)`,
    );
    expect(acknowledgedBeats).toBeGreaterThan(learners.length * 3);

    // The players go on after the restart: credit continues from what was stored.
    const before = new Map<number, number>();
    for (const learner of learners) before.set(learner.id, await credited(learner.id));
    for (let i = 0; i < 3; i++) {
      await Promise.all(learners.map(beat));
      await sleep(250);
    }
    const until = Date.now();
    for (const learner of learners) {
      const list = beats.get(learner.id) ?? [];
      const last = list.at(-1) as Beat;
      expect(last.status).toBe(200);
      const stored = await credited(learner.id);
      expect(stored).toBeGreaterThan(before.get(learner.id) ?? 0);
      expect(Math.abs(stored - last.creditedSeconds)).toBeLessThanOrEqual(1);
      expect(stored).toBeLessThanOrEqual((until - (list[0]?.sentAt ?? until)) / 1000 + 0.05);
    }
  });
});
