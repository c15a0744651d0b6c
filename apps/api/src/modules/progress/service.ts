import {
  isPackageKind,
  LESSON_STATUSES,
  type LessonStatus,
  MESSAGES,
  type MyExamStatus,
  type TEarlierCycle,
  type TExamStanding,
  type TLearnerCourse,
  type TLearnerLesson,
  type TLearnerProgress,
  type TMyProgress,
  type TPackageResult,
  type TProgressListQuery,
  type TProgressRow,
  type TProgressSummary,
  type TStaffAttempt,
  VIDEO_KINDS,
} from '@academy/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { pageWindow } from '../../platform/http/pagination';
import { EVERYTHING, type ManagementScope } from '../../platform/http/scope';
import { certificatesOf } from '../certificates';
import { courseFacts, lessonFacts } from '../courses';
import { examAttemptCountsRows, listAttempts, listStandings } from '../exams';
import { type EndedCycle, endedCycles, type LearnerLessonRow, learnerLessonRows } from '../study';
import { learnerCard } from '../users';
import { learnerPackageResults } from './packages';
import {
  gradedCtes,
  type RawRow,
  rowColumns,
  rowFilter,
  rowJoins,
  rowOrder,
  rowsOf,
  type ScopedProgressFilter,
  toRow,
} from './report';

/**
 * Progress management (PROGRESS_MANAGEMENT) and the learner's own progress. The module owns no
 * tables: its statements are made of other modules' query pieces (report.ts; exam attempts per
 * course for the pass rates), and it calls the users, study and exams modules for a learner's card,
 * lessons, attempts and standings.
 */

/** Attempts and standings read per learner: far more than anyone takes. */
const EXAM_ROWS = 1000;

/**
 * GET progress: one page of learner-course rows and the total, in ONE statement (the total is a
 * window count; a page past the end costs a second statement to count).
 */
export async function listProgress(
  db: Db,
  query: TProgressListQuery & { within?: ManagementScope },
): Promise<{ rows: TProgressRow[]; total: number }> {
  const { limit, offset } = pageWindow(query);
  const result = await db.execute(sql`
    with ${gradedCtes(db, query)}
    select ${rowColumns}, (count(*) over ())::int as total
    from graded g ${rowJoins}
    where ${rowFilter(query)}
    order by ${rowOrder(query.sort)}
    limit ${limit} offset ${offset}`);
  const raw = rowsOf<RawRow & { total: number }>(result);
  let total = raw[0]?.total ?? 0;
  if (raw.length === 0 && offset > 0) {
    const counted = await db.execute(sql`
      with ${gradedCtes(db, query)}
      select count(*)::int as n from graded g where ${rowFilter(query)}`);
    total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  }
  return { rows: raw.map(toRow), total: Number(total) };
}

/** The dashboard: statuses, completion rate and exam pass rate per course. One statement. */
export async function progressSummary(db: Db, filter: ScopedProgressFilter): Promise<TProgressSummary> {
  const course = courseFacts(db);
  const result = await db.execute(sql`
    with ${gradedCtes(db, filter)},
    filtered as (select g.* from graded g where ${rowFilter(filter)}),
    rates as (${examAttemptCountsRows('filtered', filter)})
    select
      (select count(*) from filtered)::int as rows,
      (select count(distinct user_id) from filtered)::int as learners,
      (select count(*) from filtered where status = 'STUDYING')::int as studying,
      (select count(*) from filtered where status = 'PASSED')::int as passed,
      (select count(*) from filtered where status = 'FAILED')::int as failed,
      (select count(*) from filtered where status = 'IDLE')::int as idle,
      coalesce((
        select json_agg(json_build_object('courseId', r.course_id, 'courseName', ${course.name}, 'attempts', r.attempts, 'passed', r.passed) order by lower(${course.name}), ${course.id})
        from rates r join ${course} on ${course.id} = r.course_id where r.attempts > 0
      ), '[]'::json) as rates`);
  const row = rowsOf<{
    rows: number;
    learners: number;
    studying: number;
    passed: number;
    failed: number;
    idle: number;
    rates: { courseId: number; courseName: string; attempts: number; passed: number }[] | string;
  }>(result)[0];
  const rows = Number(row?.rows ?? 0);
  const passed = Number(row?.passed ?? 0);
  const rates = typeof row?.rates === 'string' ? JSON.parse(row.rates) : (row?.rates ?? []);
  const oneDecimal = (n: number) => Math.round(n * 10) / 10;
  return {
    rows,
    learners: Number(row?.learners ?? 0),
    byStatus: {
      STUDYING: Number(row?.studying ?? 0),
      PASSED: passed,
      FAILED: Number(row?.failed ?? 0),
      IDLE: Number(row?.idle ?? 0),
    },
    completionRate: rows > 0 ? oneDecimal((passed * 100) / rows) : 0,
    examPassRates: (
      rates as { courseId: number; courseName: string; attempts: number; passed: number }[]
    ).map((r) => ({ ...r, rate: r.attempts > 0 ? oneDecimal((r.passed * 100) / r.attempts) : 0 })),
  };
}

/** One learner's courses (started or on their roadmap), ordered by last activity. One statement. */
async function learnerCourses(db: Db, userId: number): Promise<TProgressRow[]> {
  const result = await db.execute(sql`
    with ${gradedCtes(db, {}, { userId })}
    select ${rowColumns} from graded g ${rowJoins}
    order by ${rowOrder(undefined)}`);
  return rowsOf<RawRow>(result).map(toRow);
}

type LessonRow = LearnerLessonRow;

function toLesson(row: LessonRow, packages: Map<number, TPackageResult>): TLearnerLesson {
  const required = row.minStudyMinutes * 60;
  const credited = Math.floor(row.creditedSeconds ?? 0);
  const stored = (LESSON_STATUSES as readonly string[]).includes(row.status ?? '')
    ? (row.status as LessonStatus)
    : null;
  // Study's rule (decision 12; a SCORM or cmi5 lesson wants its package passed): study decides.
  const { passed } = row;
  return {
    id: row.id,
    name: row.name,
    topicName: row.topicName,
    contentKind: VIDEO_KINDS.find((k) => k === row.videoKind) ?? 'youtube',
    status: passed ? 'PASSED' : (stored ?? 'IDLE'),
    creditedSeconds: credited,
    requiredSeconds: required,
    hasExam: row.examQuestionCount > 0,
    examPassed: row.examPassed ?? false,
    passed,
    lastStudiedAt: row.updatedAt?.toISOString() ?? null,
    // Rows passed before study kept the moment have none: their last change is the best we know.
    passedAt: passed ? ((row.passedAt ?? row.updatedAt)?.toISOString() ?? null) : null,
    package: isPackageKind(row.videoKind) ? (packages.get(row.id) ?? null) : null,
  };
}

function withLessons(
  rows: TProgressRow[],
  lessonRows: LessonRow[],
  cycles: Map<number, number>,
  packages: Map<number, TPackageResult>,
): TLearnerCourse[] {
  const byCourse = new Map<number, TLearnerLesson[]>();
  for (const row of lessonRows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push(toLesson(row, packages));
    byCourse.set(row.courseId, list);
  }
  return rows.map((row) => ({
    courseId: row.courseId,
    courseName: row.courseName,
    lessonCount: row.lessonCount,
    passedLessons: row.passedLessons,
    percent: row.percent,
    status: row.status,
    assigned: row.assigned,
    startedAt: row.startedAt,
    lastStudiedAt: row.lastStudiedAt,
    finishedAt: row.finishedAt,
    cycle: cycles.get(row.courseId) ?? 1,
    lessons: byCourse.get(row.courseId) ?? [],
  }));
}

type ExamNames = Map<number, { lessonName: string; courseId: number; courseName: string }>;

/** Lesson and course names of exams (an exam's id is its lesson's id). One query. */
async function examNames(db: Db, examIds: number[]): Promise<ExamNames> {
  const lesson = lessonFacts();
  const course = courseFacts(db);
  const rows = await db
    .select({ id: lesson.id, lessonName: lesson.name, courseId: course.id, courseName: course.name })
    .from(lesson)
    .innerJoin(course, eq(course.id, lesson.courseId))
    .where(inArray(lesson.id, examIds));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

async function examsOf(
  db: Db,
  userId: number,
): Promise<{ attempts: TStaffAttempt[]; standings: TExamStanding[]; names: ExamNames }> {
  const [attempts, standings] = await Promise.all([
    listAttempts(db, { userId, page: 0, size: EXAM_ROWS }),
    listStandings(db, { userId, page: 0, size: EXAM_ROWS }),
  ]);
  const ids = [...new Set([...attempts.rows.map((a) => a.examId), ...standings.rows.map((s) => s.examId)])];
  return { attempts: attempts.rows, standings: standings.rows, names: await examNames(db, ids) };
}

/** Each course's current cycle (past 1) from the ended cycles (decision 105). */
function currentCyclesOf(ended: EndedCycle[]): Map<number, number> {
  const current = new Map<number, number>();
  for (const c of ended) current.set(c.courseId, Math.max(current.get(c.courseId) ?? 1, c.cycle + 1));
  return current;
}

/** The names of these courses (none asked: no statement). */
async function courseNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const course = courseFacts(db);
  const rows = await db
    .select({ id: course.id, name: course.name })
    .from(course)
    .where(inArray(course.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A learner's earlier cycles of recertified courses (decision 105), newest first: each with its
 * result (study's), its exam results (the attempts stamped with that cycle) and the certificate
 * earned in it. Two statements, none when nothing was recertified.
 */
async function earlierCycles(
  db: Db,
  userId: number,
  ended: EndedCycle[],
  exams: { attempts: TStaffAttempt[]; names: ExamNames },
  now: Date,
): Promise<TEarlierCycle[]> {
  if (ended.length === 0) return [];
  const [certificates, names] = await Promise.all([
    certificatesOf(db, userId, now),
    courseNames(db, [...new Set(ended.map((c) => c.courseId))]),
  ]);
  return ended.map((c) => {
    const certificate = certificates.find((x) => x.courseId === c.courseId && x.cycle === c.cycle);
    const byExam = new Map<number, TStaffAttempt[]>();
    for (const attempt of exams.attempts) {
      if (attempt.cycle !== c.cycle || attempt.result === null) continue;
      if (exams.names.get(attempt.examId)?.courseId !== c.courseId) continue;
      byExam.set(attempt.examId, [...(byExam.get(attempt.examId) ?? []), attempt]);
    }
    return {
      courseId: c.courseId,
      courseName: names.get(c.courseId) ?? certificate?.courseName ?? '',
      cycle: c.cycle,
      endedAt: c.endedAt.toISOString(),
      finishedAt: c.finishedAt?.toISOString() ?? null,
      passedLessons: c.passedLessons,
      lessonCount: c.lessonCount,
      exams: [...byExam].map(([examId, attempts]) => {
        const marks = attempts.map((a) => a.mark).filter((m): m is number => m !== null);
        return {
          examId,
          lessonName: exams.names.get(examId)?.lessonName ?? '',
          attempts: attempts.length,
          bestMark: marks.length ? Math.max(...marks) : null,
          passed: attempts.some((a) => a.result === 'PASSED'),
        };
      }),
      certificate: certificate
        ? {
            id: certificate.id,
            code: certificate.code,
            issuedAt: certificate.issuedAt,
            expiresAt: certificate.expiresAt,
            status: certificate.status,
          }
        : null,
    };
  });
}

/**
 * GET progress/users/{id}: the learner, their courses with every lesson (time viewed, status),
 * their exam attempts (newest first) and standings (locks), and the earlier cycles of the courses
 * they recertified, and their SCORM and cmi5 lessons' packages. Ten statements (twelve with earlier
 * cycles) whatever the data.
 */
export async function learnerProgress(
  db: Db,
  userId: number,
  now: Date,
  within: ManagementScope = EVERYTHING,
): Promise<TLearnerProgress> {
  const [user, rows, exams, ended, packages] = await Promise.all([
    learnerCard(db, userId, within),
    learnerCourses(db, userId),
    examsOf(db, userId),
    endedCycles(db, userId),
    learnerPackageResults(db, userId),
  ]);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const [lessonRows, cycles] = await Promise.all([
    learnerLessonRows(
      db,
      userId,
      rows.map((r) => r.courseId),
    ),
    earlierCycles(db, userId, ended, exams, now),
  ]);
  return {
    user,
    courses: withLessons(rows, lessonRows, currentCyclesOf(ended), packages),
    attempts: exams.attempts.map((a) => {
      const names = exams.names.get(a.examId);
      return { ...a, lessonName: names?.lessonName ?? '', courseName: names?.courseName ?? '' };
    }),
    standings: exams.standings,
    cycles,
  };
}

/**
 * GET my-progress: the learner's courses with lessons, a line per exam (attempts, best and last
 * mark, passed, locked) in the course's current cycle, and the earlier cycles of the courses they
 * recertified, with their SCORM and cmi5 lessons' packages. Nine statements (eleven with earlier
 * cycles) whatever the data.
 */
export async function myProgress(db: Db, userId: number, now: Date): Promise<TMyProgress> {
  const [rows, exams, ended, packages] = await Promise.all([
    learnerCourses(db, userId),
    examsOf(db, userId),
    endedCycles(db, userId),
    learnerPackageResults(db, userId),
  ]);
  const current = currentCyclesOf(ended);
  const [lessonRows, cycles] = await Promise.all([
    learnerLessonRows(
      db,
      userId,
      rows.map((r) => r.courseId),
    ),
    earlierCycles(db, userId, ended, exams, now),
  ]);
  const byExam = new Map<number, TStaffAttempt[]>();
  for (const attempt of exams.attempts) {
    // Earlier cycles' attempts are in `cycles`; the exam's line is about the current cycle.
    const courseId = exams.names.get(attempt.examId)?.courseId;
    if (courseId !== undefined && attempt.cycle !== (current.get(courseId) ?? 1)) continue;
    const list = byExam.get(attempt.examId) ?? [];
    list.push(attempt);
    byExam.set(attempt.examId, list);
  }
  const examIds = [...new Set([...exams.standings.map((s) => s.examId), ...byExam.keys()])];
  const standingOf = new Map(exams.standings.map((s) => [s.examId, s]));
  return {
    courses: withLessons(rows, lessonRows, current, packages),
    cycles,
    exams: examIds.flatMap((examId) => {
      const names = exams.names.get(examId);
      if (!names) return [];
      // Newest first (the exams service's order).
      const all = byExam.get(examId) ?? [];
      const running = all.find((a) => a.status === 'IN_PROGRESS');
      const attempts = all.filter((a) => a.result !== null);
      const last = attempts[0];
      const marks = attempts.map((a) => a.mark).filter((m): m is number => m !== null);
      const standing = standingOf.get(examId);
      const passed = standing?.passed ?? attempts.some((a) => a.result === 'PASSED');
      const locked = standing?.locked ?? false;
      const status: MyExamStatus = running
        ? 'IN_PROGRESS'
        : passed
          ? 'PASSED'
          : locked
            ? 'LOCKED'
            : last
              ? 'FAILED'
              : 'NOT_TAKEN';
      return [
        {
          examId,
          lessonName: names.lessonName,
          courseId: names.courseId,
          courseName: names.courseName,
          // The standing counts attempts of every cycle; a recertified course's line counts its current cycle's.
          attempts: current.has(names.courseId)
            ? attempts.length + (running ? 1 : 0)
            : (standing?.attempts ?? attempts.length),
          bestMark: marks.length ? Math.max(...marks) : null,
          lastMark: last?.mark ?? null,
          lastResult: last?.result ?? null,
          passed,
          locked,
          inProgress: Boolean(running),
          status,
          lastAttemptAt: (running ?? last)?.startedAt ?? null,
        },
      ];
    }),
  };
}
