// `npx tsx bench/seed-compliance.ts <postgres url> [people] [assignments]`: the compliance data set
// on a fresh PostgreSQL database (issue 24's scale: 20,000 people × 20 assignments): migrations,
// the demo data, `people` (default 20,000) employees spread over the demo organisation's
// departments, `assignments` (default 20) courses each assigned to everyone, and one
// assignment_people row per person and assignment (400,000) in every state: a third of the due
// days passed, about 40% done, half of the rest started. Written by set-based INSERT … SELECT
// generate_series statements. Prints the counts as JSON on the last line.
import { sql } from 'drizzle-orm';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { openDatabase } from '../apps/api/src/platform/db/client';

const url = process.argv[2];
const PEOPLE = Number(process.argv[3] ?? 20_000);
const ASSIGNMENTS = Number(process.argv[4] ?? 20);
if (!url) throw new Error('usage: seed-compliance.ts <postgres url> [people] [assignments]');

const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
await database.migrate();
await seedDemoData(database.db);
const db = database.db;

// Employees over every department of the demo organisation, each with its branch and service.
await db.execute(sql`
  with places as (
    select d.id as department_id, d.branch_id, b.service_id,
      row_number() over (order by d.id) - 1 as n, count(*) over () as total
    from departments d join branches b on b.id = d.branch_id
  )
  insert into users (employee_code, full_name, email, role, service_id, branch_id, department_id, created_at)
  select 'C' || lpad(g::text, 5, '0'), 'Compliance person ' || g, 'person' || g || '@compliance.example.com',
         'ROLE_STUDENT', p.service_id, p.branch_id, p.department_id, now() - interval '400 days'
  from generate_series(1, ${PEOPLE}) g
  join places p on p.n = g % p.total`);

// The courses assigned: one topic, one lesson each (their content does not matter here).
await db.execute(sql`
  insert into courses (name, service_id, position, topic_count, lesson_count)
  select 'Compliance course ' || g, (select min(id) from services), 900 + g, 1, 1
  from generate_series(1, ${ASSIGNMENTS}) g`);
// Assignment k is due (k - 7) × 4 days from today: the first third already passed.
await db.execute(sql`
  insert into assignments (course_id, everyone, due_kind, due_date, reminder_days_before, created_at)
  select c.id, true, 'DATE', current_date + (row_number() over (order by c.id) - 7)::int * 4, 7,
         now() - interval '60 days'
  from courses c where c.name like 'Compliance course %'`);
await db.execute(sql`
  insert into assignment_people (assignment_id, user_id, assigned_at, due_on, due_at, started_at,
                                 completed_at, standing_at)
  select a.id, u.id, now() - interval '60 days', a.due_date,
         (a.due_date + 1)::timestamptz - interval '1 millisecond',
         case when (u.id + a.id) % 4 <> 0 then now() - interval '30 days' end,
         case when (u.id * 7 + a.id) % 5 < 2 then now() - interval '10 days' end,
         now()
  from assignments a
  cross join users u
  where u.employee_code like 'C%' and u.role = 'ROLE_STUDENT' and a.everyone
  -- As the rules resolve them: an assignment's people are written together.
  order by a.id, u.id`);
await db.execute(sql`vacuum analyze`);

const counts = await db.execute<{ people: number; rows: number; departments: number }>(sql`
  select (select count(*) from users where employee_code like 'C%')::int as people,
         (select count(*) from assignment_people)::int as rows,
         (select count(*) from departments)::int as departments`);
await database.close();
console.log(JSON.stringify(counts.rows[0]));
