// `npx tsx bench/seed-scorm.ts <postgres url> <lesson id> [learners]`: the SCORM commit bench's
// learners (issue 25's Performance: 1,000 learners committing every 30 s), seeded directly on the
// database the server runs on: `learners` (default 1,000) employees, each with the lesson opened
// (its lesson_progress row), attempt 1 of the lesson's package and its one SCO's running session
// (launched an hour ago, so the wall clock caps no session time the bench reports), and the launch
// credential the runtime would hold (signed with the server's key, as POST …/scorm/launch does).
// Prints { tokens } as JSON on the last line.
import { sql } from 'drizzle-orm';
import { LAUNCH_TTL_SECONDS, loadLaunchSecret, signLaunch } from '../apps/api/src/modules/scorm/credential';
import { openDatabase } from '../apps/api/src/platform/db/client';

const url = process.argv[2];
const lessonId = Number(process.argv[3]);
const LEARNERS = Number(process.argv[4] ?? 1_000);
if (!url || !lessonId) throw new Error('usage: seed-scorm.ts <postgres url> <lesson id> [learners]');

const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
const db = database.db;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

const [pkg] = rows<{ id: string; sco: string }>(
  await db.execute(
    sql`select id, scos->0->>'identifier' as sco from scorm_packages where lesson_id = ${lessonId}`,
  ),
);
if (!pkg) throw new Error(`lesson ${lessonId} has no SCORM package`);

const place = rows<{ service_id: number; branch_id: number; department_id: number }>(
  await db.execute(sql`
    select b.service_id, d.branch_id, d.id as department_id
    from departments d join branches b on b.id = d.branch_id order by d.id limit 1`),
)[0];
await db.execute(sql`
  insert into users (employee_code, full_name, email, role, service_id, branch_id, department_id)
  select 'S' || lpad(g::text, 5, '0'), 'SCORM learner ' || g, 'scorm' || g || '@bench.example.com',
    'ROLE_STUDENT', ${place?.service_id ?? null}, ${place?.branch_id ?? null}, ${place?.department_id ?? null}
  from generate_series(1, ${LEARNERS}) g`);
await db.execute(sql`
  insert into lesson_progress (user_id, lesson_id, status, created_at, updated_at)
  select id, ${lessonId}, 'STUDYING', now() - interval '1 hour', now() - interval '1 hour'
  from users where employee_code like 'S%' and email like '%@bench.example.com'`);
const attempts = rows<{ attempt_id: number; user_id: number }>(
  await db.execute(sql`
    insert into scorm_attempts (user_id, lesson_id, package_id, number, cycle, completion_status, started_at, updated_at)
    select id, ${lessonId}, ${pkg.id}, 1, 1, 'incomplete', now() - interval '1 hour', now() - interval '1 hour'
    from users where email like '%@bench.example.com'
    returning id as attempt_id, user_id`),
);
const sessionOf = (attemptId: number) => attemptId.toString(16).padStart(16, '0');
await db.execute(sql`
  insert into scorm_sco_states (attempt_id, sco, completion_status, session_id, session_started_at, updated_at)
  select a.id, ${pkg.sco}, 'incomplete', lpad(to_hex(a.id), 16, '0'), now() - interval '1 hour', now() - interval '1 hour'
  from scorm_attempts a where a.lesson_id = ${lessonId}`);
await db.execute(sql`analyze`);

const secret = await loadLaunchSecret(db);
const expires = Math.floor(Date.now() / 1000) + LAUNCH_TTL_SECONDS;
const tokens = attempts.map((a) =>
  signLaunch(secret, {
    kind: 'a',
    packageId: pkg.id,
    attemptId: Number(a.attempt_id),
    sco: 0,
    sessionId: sessionOf(Number(a.attempt_id)),
    userId: Number(a.user_id),
    expires,
  }),
);
await database.close();
console.log(JSON.stringify({ tokens }));
