// `npm run seed:large [-- <dataDir | postgres url>]`: the large study data set for the course
// benchmarks, in a PGlite data directory (default .tmp/bench-large) or a fresh PostgreSQL
// database: the demo data, then 200 courses of 5 topics × 5 lessons (5,000 lessons), 10,000
// learners, 1,000,000 lesson progress rows (each learner studies 4 courses) and 20,000 news
// articles (for the news search), a document per lesson and 20,000 Q&A questions (the search box), all written by set-based INSERT … SELECT generate_series statements.
// Bench rows use fixed ids from BENCH_ID_BASE + 1 so the scenarios can name them.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { refreshCourseCounts } from '../apps/api/src/modules/courses/counts';
import { courses } from '../apps/api/src/modules/courses/tables';
import { hashPassword } from '../apps/api/src/modules/users/passwords';
import { openDatabase } from '../apps/api/src/platform/db/client';

export const BENCH_ID_BASE = 100_000;
const COURSES = 200;
const TOPICS_PER_COURSE = 5;
const LESSONS_PER_TOPIC = 5;
const LESSONS_PER_COURSE = TOPICS_PER_COURSE * LESSONS_PER_TOPIC;
const LEARNERS = 10_000;
const COURSES_PER_LEARNER = 4;
/** Learners per INSERT of progress (× 100 rows each). */
const BATCH = 1_000;
const NEWS = 20_000;
/** Q&A questions for the search box (issue 22). */
const QUESTIONS = 20_000;

const target = process.argv[2] ?? '.tmp/bench-large';
/** A postgres:// URL seeds that (fresh, empty) PostgreSQL database; anything else is a PGlite folder. */
const onPostgres = /^postgres(ql)?:\/\//.test(target);
const dataDir = onPostgres ? target : path.resolve(target);
const started = performance.now();
const step = (label: string) =>
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${label}`);

if (!onPostgres) rmSync(dataDir, { recursive: true, force: true });
// One connection on PostgreSQL, so that `session_replication_role` below holds for every insert.
const database = onPostgres
  ? await openDatabase({ databaseUrl: target, pgliteDir: '', poolSize: 1 })
  : await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
await database.migrate();
await seedDemoData(database.db);
const db = database.db;
step('migrated, demo data loaded');

const B = BENCH_ID_BASE;
const services = await db.execute<{ id: number }>(sql`select id from services order by id`);
const serviceIds = services.rows.map((r) => Number(r.id));
const serviceArray = sql.raw(`array[${serviceIds.join(',')}]`);

await db.execute(sql`
  insert into courses (id, name, service_id, requirements, ordered, featured, position)
  select ${B} + g, 'Bench course ' || g, (${serviceArray})[1 + g % ${serviceIds.length}],
         'Everyone in the benchmark', g % 2 = 1, g % 25 = 0, 100 + g
  from generate_series(1, ${COURSES}) g`);
await db.execute(sql`
  insert into topics (id, course_id, name, position)
  select ${B} + g, ${B} + (g - 1) / ${TOPICS_PER_COURSE} + 1, 'Topic ' || g, (g - 1) % ${TOPICS_PER_COURSE} + 1
  from generate_series(1, ${COURSES * TOPICS_PER_COURSE}) g`);
await db.execute(sql`
  insert into lessons (id, topic_id, course_id, name, position, video_kind, video_url,
                       video_duration_seconds, min_study_minutes, required_correct_answers,
                       exam_time_limit_minutes, max_failed_attempts)
  select ${B} + g, ${B} + (g - 1) / ${LESSONS_PER_TOPIC} + 1, ${B} + (g - 1) / ${LESSONS_PER_COURSE} + 1,
         'Lesson ' || g, (g - 1) % ${LESSONS_PER_TOPIC} + 1, 'youtube',
         'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 634, 1 + g % 5, 3, 10, 3
  from generate_series(1, ${COURSES * LESSONS_PER_COURSE}) g`);
await refreshCourseCounts(db, sql`${courses.id} > ${B}`);
for (const table of ['courses', 'topics', 'lessons']) {
  await db.execute(sql.raw(`select setval('${table}_id_seq', (select max(id) from ${table}))`));
}
step(`${COURSES} courses, ${COURSES * TOPICS_PER_COURSE} topics, ${COURSES * LESSONS_PER_COURSE} lessons`);

// News spread over every service and category; one title in ten has "bench", which the news
// search scenario looks for.
await db.execute(sql`
  insert into news (title, description, content, category_id, service_id, outstanding, created_at, updated_at)
  select case when g % 10 = 0 then 'Bench news ' || g else 'Company news ' || g end,
         'What happened in week ' || g, '<p>News number ' || g || '.</p>',
         (select array_agg(id order by id) from news_categories)[1 + g % (select count(*)::int from news_categories)],
         (${serviceArray})[1 + g % ${serviceIds.length}], false,
         now() - (${NEWS} - g) * interval '1 hour', now() - (${NEWS} - g) * interval '1 hour'
  from generate_series(1, ${NEWS}) g`);
step(`${NEWS} news`);

// For the search box (issue 22): a document per lesson and Q&A questions, with words the search
// scenarios look for ("router" in one in five, "bench" in one in ten).
await db.execute(sql`
  insert into lesson_documents (lesson_id, file_key, original_name, content_type, size_bytes)
  select ${B} + g, 'bench/doc-' || g, case when g % 5 = 0 then 'router-handbook-' || g || '.pdf'
                                        else 'lesson-notes-' || g || '.pdf' end,
         'application/pdf', 1000
  from generate_series(1, ${COURSES * LESSONS_PER_COURSE}) g`);
await db.execute(sql`
  insert into qa_questions (title, description, type, created_at, last_activity_at)
  select case when g % 5 = 0 then 'How do I configure the router of site ' || g || '?'
              when g % 10 = 1 then 'Bench question ' || g
              else 'Where is the certificate of course ' || g || '?' end,
         'Asked in the benchmark, number ' || g || '.', 'OTHER',
         now() - (${QUESTIONS} - g) * interval '1 hour', now() - (${QUESTIONS} - g) * interval '1 hour'
  from generate_series(1, ${QUESTIONS}) g`);
step(`${COURSES * LESSONS_PER_COURSE} lesson documents, ${QUESTIONS} questions`);

const passwordHash = await hashPassword('Bench@2026');
await db.execute(sql`
  insert into users (employee_code, full_name, email, password_hash, role, service_id)
  select 'L' || lpad(g::text, 5, '0'), 'Learner ' || g, 'learner' || g || '@bench.example.com',
         ${passwordHash}, 'ROLE_STUDENT', (${serviceArray})[1 + g % ${serviceIds.length}]
  from generate_series(1, ${LEARNERS}) g`);
step(`${LEARNERS} learners`);

// Learner g studies 4 courses; in each, lessons before `p` are passed, lesson p is in progress,
// later ones were opened and barely watched. The foreign key triggers are off while loading
// (every id is generated to exist), which is what makes a million rows take seconds.
const progressRows = (learners: ReturnType<typeof sql>) => sql`
  insert into lesson_progress (user_id, lesson_id, credited_seconds, last_position_seconds, status,
                               passed_at, created_at, updated_at)
  select u.id,
         ${B} + c.course * ${LESSONS_PER_COURSE} + j + 1,
         case when j < p.passed then 400 else 30 end,
         case when j < p.passed then 400 else 30 end,
         case when j < p.passed then 'PASSED' else 'STUDYING' end,
         case when j < p.passed then now() - (u.n % 90) * interval '1 day' end,
         now() - (u.n % 90 + 1) * interval '1 day',
         now() - (u.n % 90) * interval '1 day' + j * interval '1 minute'
  from ${learners} as u(id, n)
  cross join lateral (select k, ((u.n * 7 + k * 53) % ${COURSES}) as course
                      from generate_series(0, ${COURSES_PER_LEARNER - 1}) k) c
  cross join lateral (select (u.n * 13 + c.k * 7) % ${LESSONS_PER_COURSE + 1} as passed) p
  cross join generate_series(0, ${LESSONS_PER_COURSE - 1}) j`;

await db.execute(sql`set session_replication_role = replica`);
for (let from = 1; from <= LEARNERS; from += BATCH) {
  const to = Math.min(from + BATCH - 1, LEARNERS);
  await db.execute(
    progressRows(sql`(select id, substr(employee_code, 2)::int from users
                      where employee_code between ${`L${String(from).padStart(5, '0')}`}
                                              and ${`L${String(to).padStart(5, '0')}`})`),
  );
  step(`progress of learners ${from}–${to}`);
}
// The demo student and admin study four bench courses (the first among them), for the scenarios.
await db.execute(progressRows(sql`(select id, 0 from users where employee_code in ('student', 'admin'))`));
await db.execute(sql`set session_replication_role = origin`);
// Sets the visibility map too, so that index-only scans stay index-only (as autovacuum would).
await db.execute(sql`vacuum analyze`);

const counts = await db.execute<{
  courses: number;
  lessons: number;
  news: number;
  users: number;
  progress: number;
}>(sql`
  select (select count(*) from courses)::int as courses, (select count(*) from lessons)::int as lessons,
         (select count(*) from news)::int as news,
         (select count(*) from users)::int as users, (select count(*) from lesson_progress)::int as progress`);
await database.close();
step(`done: ${JSON.stringify(counts.rows[0])} in ${dataDir}`);
