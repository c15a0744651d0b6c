// `npm run bench:study -w bench`: the study scenarios on the large data set (bench/seed-large.ts on
// PostgreSQL, database academy_bench_large; BENCH_REUSE=1 reuses it when already seeded): my
// courses, the course and topic pages, the lesson, and the player's heartbeats per second, each
// with 10 connections against the built server (bench/scenarios-study.mjs for the budgets).
import { isMain, runAlone } from './lib/large-server.mjs';
import { CONNECTIONS, loadRow } from './lib/load.mjs';
import { signIn } from './lib/sign-in.mjs';
import { HEARTBEAT_SCENARIO, STUDY_SCENARIOS } from './scenarios-study.mjs';

export async function runStudy(server) {
  const [user, password] = (process.env.BENCH_USER ?? 'student:Student@2026').split(':');
  const { access_token: token } = await signIn(server.url, user, password);
  // The heartbeat is one learner's player every 10 s: under load, each connection is another
  // learner (bench learners L00001…), as 10 learners studying at once would be.
  const learnerTokens = [];
  for (let i = 1; i <= CONNECTIONS; i++) {
    learnerTokens.push(
      (await signIn(server.url, `L${String(i).padStart(5, '0')}`, 'Bench@2026')).access_token,
    );
  }
  let nextLearner = 0;
  /** autocannon's per-connection context keeps the learner a connection speaks for. */
  const asLearner = (request, context) => {
    context.token ??= learnerTokens[nextLearner++ % learnerTokens.length];
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${context.token}` } };
  };
  const rows = [];
  for (const s of [...STUDY_SCENARIOS, HEARTBEAT_SCENARIO]) {
    const scenario = s.perLearner
      ? { ...s, requests: [{ setupRequest: asLearner }] }
      : { ...s, headers: s.auth ? { authorization: `Bearer ${token}` } : {} };
    rows.push(await loadRow('study', server.url, server, scenario));
  }
  return rows;
}

if (isMain(import.meta)) await runAlone(runStudy);
