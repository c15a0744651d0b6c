// `npx tsx bench/seed-exams.ts <postgres url> [learners]`: the exam burst data set on a fresh
// PostgreSQL database: migrations, the demo data, two courses each with a lesson whose exam has
// 50 questions (single, multiple choice and fill in the blanks; 30 correct answers to pass, 30
// minutes), and `learners` (default 1,000) learners B0001… with the password Bench@2026.
// Prints the exam ids as JSON on the last line.
import type { TQuestionInputParsed } from '@academy/contract';
import { sql } from 'drizzle-orm';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { addQuestions } from '../apps/api/src/modules/exams/questions';
import { openDatabase } from '../apps/api/src/platform/db/client';

const url = process.argv[2];
const learners = Number(process.argv[3] ?? 1000);
if (!url) throw new Error('usage: seed-exams.ts <postgres url> [learners]');

const database = await openDatabase({ databaseUrl: url, pgliteDir: '' });
await database.migrate();
await seedDemoData(database.db);
const db = database.db;

// Bench learners sign in through the real provider; a lighter scrypt cost (N=1024, stored with
// the hash as always) keeps signing in 1,000 of them quick. It is the same hash for everyone.
const { scryptSync, randomBytes } = await import('node:crypto');
const salt = randomBytes(16);
const key = scryptSync('Bench@2026', salt, 32, { N: 1024, r: 8, p: 1 });
const passwordHash = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
await db.execute(sql`
  insert into users (employee_code, full_name, email, password_hash, role, service_id)
  select 'B' || lpad(g::text, 4, '0'), 'Bench learner ' || g, 'bench' || g || '@academy.example.com',
         ${passwordHash}, 'ROLE_STUDENT', (select min(id) from services)
  from generate_series(1, ${learners}) g`);

/** One course of one topic: a lesson with a 50-question exam, then a lesson it unlocks. */
async function examCourse(n: number): Promise<number> {
  const course = await db.execute<{ id: number }>(sql`
    insert into courses (name, service_id, ordered, position, topic_count, lesson_count)
    values (${`Bench exam course ${n}`}, (select min(id) from services), true, 999, 1, 2) returning id`);
  const courseId = Number(course.rows[0]?.id);
  const topic = await db.execute<{ id: number }>(sql`
    insert into topics (course_id, name, position) values (${courseId}, 'Bench topic', 1) returning id`);
  const topicId = Number(topic.rows[0]?.id);
  const lessonRows = await db.execute<{ id: number }>(sql`
    insert into lessons (topic_id, course_id, name, position, video_url, video_duration_seconds,
                         min_study_minutes, required_correct_answers, exam_time_limit_minutes, max_failed_attempts)
    values (${topicId}, ${courseId}, 'Bench exam lesson', 1, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 634, 0, 30, 30, 3),
           (${topicId}, ${courseId}, 'After the exam', 2, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 634, 0, 0, 10, 3)
    returning id`);
  const examId = Number(lessonRows.rows[0]?.id);

  const questions: TQuestionInputParsed[] = Array.from({ length: 50 }, (_, i) => {
    if (i % 3 === 2) {
      return {
        type: 'FILL_BLANKS',
        content: `Question ${i + 1}: the code is ___ and the colour is ___.`,
        blanks: [{ answers: [`code${i}`] }, { answers: ['blue', 'navy'] }],
        options: [],
      };
    }
    return {
      type: i % 3 === 0 ? 'SINGLE_CHOICE' : 'MULTIPLE_CHOICE',
      content: `Question ${i + 1}: pick the right option${i % 3 === 0 ? '' : 's'}.`,
      options: [
        { text: `right ${i}`, correct: true },
        { text: `wrong ${i}`, correct: false },
        { text: i % 3 === 0 ? `other ${i}` : `also right ${i}`, correct: i % 3 !== 0 },
        { text: `nope ${i}`, correct: false },
      ],
    };
  });
  const added = await addQuestions(db, examId, questions);
  if (added.length !== 50) throw new Error('expected 50 questions');
  return examId;
}
const examIds = [await examCourse(1), await examCourse(2)];
await db.execute(sql`analyze`);
await database.close();
console.log(JSON.stringify({ examIds, learners }));
