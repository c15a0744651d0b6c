// `npx tsx bench/seed-xapi.ts <postgres url> [statements]`: the learning record store at issue 26's
// scale on a fresh PostgreSQL database: migrations, a read-write key for the load, and `statements`
// (default 1,000,000) statements in xapi_statements' real shape (the JSON the LRS answers and the
// columns it files them by, as statement-facts.ts reads them), stored over the past year: 10,000
// learners (accounts on the academy), 10 verbs of uneven frequency, 2,000 activities in 50 courses,
// a registration per learner and course, a result on most; one in a thousand voided by a voiding
// statement. Written by set-based INSERT … SELECT generate_series with the table's indexes dropped
// and made again afterwards (the same definitions), then analysed. Prints the key and the
// facts the scenarios filter on as JSON on the last line.
import { sql } from 'drizzle-orm';
import { createCredential } from '../apps/api/src/modules/xapi/credentials';
import { openDatabase } from '../apps/api/src/platform/db/client';

const url = process.argv[2];
const STATEMENTS = Number(process.argv[3] ?? 1_000_000);
if (!url) throw new Error('usage: seed-xapi.ts <postgres url> [statements]');

const HOME = 'https://academy.example';
const LEARNERS = 10_000;
const ACTIVITIES = 2_000;
const COURSES = 50;
/** One statement in this many is voided (and a voiding statement targets it). */
const VOIDED_EVERY = 1_000;

const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
await database.migrate();
const db = database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

const key = await createCredential(db, { name: 'Bench', canRead: true, canWrite: true, createdBy: null });
const authority = { objectType: 'Agent', name: 'Bench', account: { homePage: HOME, name: key.key } };
const authorityKey = `account:${HOME}|${key.key}`;

const indexes = await rows<{ indexname: string; indexdef: string }>(sql`
  select indexname, indexdef from pg_indexes
  where tablename = 'xapi_statements' and indexname <> 'xapi_statements_pkey'`);
for (const index of indexes) await db.execute(sql.raw(`drop index ${index.indexname}`));

// Verbs by weight: experienced and answered are common, failed and terminated rarer.
const VERBS = [
  ['experienced', 30],
  ['answered', 20],
  ['attempted', 12],
  ['completed', 10],
  ['passed', 8],
  ['progressed', 6],
  ['initialized', 5],
  ['terminated', 4],
  ['failed', 3],
  ['launched', 2],
] as const;
const verbCase = (() => {
  let upTo = 0;
  const branches = VERBS.map(([verb, weight]) => {
    upTo += weight;
    return `when w < ${upTo} then '${verb}'`;
  });
  return `case ${branches.join(' ')} end`;
})();

// g: 1..STATEMENTS in the order stored, 30 s apart ending now (about 347 days for a million), at
// seq 2g (the odd seqs are for the voiding statements, stored a second after what they void).
await db.execute(
  sql.raw(`
  insert into xapi_statements (id, seq, stored, statement, actor_key, verb_id, object_activity_id,
    object_agent_key, object_statement_id, registration, related_agents, related_activities,
    voided, voiding, attachment_hashes, credential_id)
  select s.id, 2 * s.g, s.stored,
    jsonb_build_object(
      'id', s.id,
      'actor', jsonb_build_object('objectType', 'Agent', 'name', 'Learner ' || s.learner,
        'account', jsonb_build_object('homePage', '${HOME}', 'name', s.code)),
      'verb', jsonb_build_object('id', s.verb_id, 'display', jsonb_build_object('en-US', s.verb)),
      'object', jsonb_build_object('objectType', 'Activity', 'id', s.activity,
        'definition', jsonb_build_object('name', jsonb_build_object('en-US', 'Activity ' || s.activity_n),
          'type', 'http://adlnet.gov/expapi/activities/lesson')),
      'context', jsonb_build_object('registration', s.registration,
        'contextActivities', jsonb_build_object('parent', jsonb_build_array(jsonb_build_object('id', s.course)))),
      'timestamp', to_char(s.stored at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'stored', to_char(s.stored at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'authority', '${JSON.stringify(authority)}'::jsonb,
      'version', '1.0.0'
    ) || case when s.verb in ('completed', 'passed', 'failed', 'answered') then jsonb_build_object('result',
      jsonb_build_object('success', s.verb <> 'failed', 'completion', s.verb <> 'answered',
        'score', jsonb_build_object('scaled', round((s.g % 101) / 100.0, 2)), 'duration', 'PT' || (s.g % 3600) || 'S'))
      else '{}'::jsonb end,
    'account:${HOME}|' || s.code, s.verb_id, s.activity, null, null, s.registration,
    array['account:${HOME}|' || s.code, '${authorityKey}'], array[s.activity, s.course],
    s.g % ${VOIDED_EVERY} = 0, false, '{}', ${key.id}
  from (
    select g, gen_random_uuid() as id,
      now() - (${STATEMENTS} - g) * interval '30 seconds' as stored,
      (g * 7919) % ${LEARNERS} as learner,
      'E' || lpad(((g * 7919) % ${LEARNERS})::text, 5, '0') as code,
      v.verb, 'http://adlnet.gov/expapi/verbs/' || v.verb as verb_id,
      a.n as activity_n,
      '${HOME}/xapi/activities/a' || a.n as activity,
      '${HOME}/xapi/activities/course' || a.n % ${COURSES} as course,
      md5(((g * 7919) % ${LEARNERS}) || '/' || a.n % ${COURSES})::uuid as registration
    from generate_series(1::bigint, ${STATEMENTS}) g
    cross join lateral (select abs(hashint8(g)) % ${ACTIVITIES} as n) a
    cross join lateral (select ${verbCase} as verb from (select abs(hashint8(g + 1000000007)) % 100 as w) weights) v
  ) s`),
);

// The voiding statements, each stored a second after the statement it voids.
await db.execute(
  sql.raw(`
  insert into xapi_statements (id, seq, stored, statement, actor_key, verb_id, object_activity_id,
    object_agent_key, object_statement_id, registration, related_agents, related_activities,
    voided, voiding, attachment_hashes, credential_id)
  select v.id, t.seq + 1, t.stored + interval '1 second',
    jsonb_build_object('id', v.id, 'actor', t.statement->'actor',
      'verb', jsonb_build_object('id', 'http://adlnet.gov/expapi/verbs/voided', 'display', jsonb_build_object('en-US', 'voided')),
      'object', jsonb_build_object('objectType', 'StatementRef', 'id', t.id),
      'timestamp', to_char((t.stored + interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'stored', to_char((t.stored + interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'authority', '${JSON.stringify(authority)}'::jsonb, 'version', '1.0.0'),
    t.actor_key, 'http://adlnet.gov/expapi/verbs/voided', null, null, t.id, null,
    array[t.actor_key, '${authorityKey}'], '{}', false, true, '{}', ${key.id}
  from (select gen_random_uuid() as id, seq from xapi_statements where voided) v
  join xapi_statements t on t.seq = v.seq`),
);
await db.execute(
  sql.raw(
    `select setval(pg_get_serial_sequence('xapi_statements', 'seq'), (select max(seq) from xapi_statements))`,
  ),
);
await db.execute(
  sql.raw(`
  insert into xapi_activities (id, definition)
  select '${HOME}/xapi/activities/a' || n, jsonb_build_object('name', jsonb_build_object('en-US', 'Activity ' || n),
    'type', 'http://adlnet.gov/expapi/activities/lesson')
  from generate_series(0, ${ACTIVITIES - 1}) n
  on conflict do nothing`),
);
for (const index of indexes) await db.execute(sql.raw(index.indexdef));
await db.execute(sql`vacuum analyze xapi_statements`);

const [counts] = await rows<{ statements: number }>(
  sql`select count(*)::int as statements from xapi_statements`,
);
// A learner, an activity and a day the scenarios filter on (each has statements of every verb).
const [middle] = await rows<{ stored: string }>(sql`
  select stored::text from xapi_statements where seq = ${2 * Math.floor(STATEMENTS * 0.9)}`);
await database.close();
console.log(
  JSON.stringify({
    statements: counts?.statements,
    key: key.key,
    secret: key.secret,
    home: HOME,
    learner: 'E00042',
    activity: `${HOME}/xapi/activities/a42`,
    since: middle ? new Date(middle.stored).toISOString() : null,
  }),
);
