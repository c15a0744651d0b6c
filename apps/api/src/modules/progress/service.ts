import {
  LESSON_STATUSES,
  type LessonStatus,
  MESSAGES,
  type RoleCode,
  type TExamStanding,
  type TLearnerCourse,
  type TLearnerLesson,
  type TLearnerProgress,
  type TLoginEntry,
  type TMyProgress,
  type TProgressListQuery,
  type TProgressRow,
  type TProgressSummary,
  type TStaffAttempt,
  type USER_ACCESS,
} from '@academy/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { pageWindow } from '../../platform/http/pagination';
import { EVERYTHING, type ManagementScope, placeWithin } from '../../platform/http/scope';
import { authorizations } from '../authorizations/tables';
import { courses, lessons, topics } from '../courses/tables';
import { listAttempts, listStandings } from '../exams/service';
import { examAttempts } from '../exams/tables';
import { branches, departments, services } from '../org/tables';
import { lessonProgress } from '../study/tables';
import { loginHistory, users } from '../users/tables';
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
 * Progress management (PROGRESS_MANAGEMENT) and the learner's own progress. Reads other modules'
 * tables read-only (users, organisation, courses, progress, roadmaps; exam attempts for the pass
 * rates) and calls the exams module's service for attempts and standings.
 */

/** Attempts and standings read per learner: far more than anyone takes. */
const EXAM_ROWS = 1000;

function learnerWithin(within: ManagementScope) {
  return placeWithin(within, { serviceId: users.serviceId, branchId: users.branchId });
}

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
    with ${gradedCtes(query)}
    select ${rowColumns}, (count(*) over ())::int as total
    from graded g ${rowJoins}
    where ${rowFilter(query)}
    order by ${rowOrder(query.sort)}
    limit ${limit} offset ${offset}`);
  const raw = rowsOf<RawRow & { total: number }>(result);
  let total = raw[0]?.total ?? 0;
  if (raw.length === 0 && offset > 0) {
    const counted = await db.execute(sql`
      with ${gradedCtes(query)}
      select count(*)::int as n from graded g where ${rowFilter(query)}`);
    total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  }
  return { rows: raw.map(toRow), total: Number(total) };
}

/** The dashboard: statuses, completion rate and exam pass rate per course. One statement. */
export async function progressSummary(db: Db, filter: ScopedProgressFilter): Promise<TProgressSummary> {
  const attemptRange = [
    filter.from ? sql` and ea.started_at >= ${`${filter.from}T00:00:00Z`}::timestamptz` : sql``,
    filter.to
      ? sql` and ea.started_at < (${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day')`
      : sql``,
  ];
  const result = await db.execute(sql`
    with ${gradedCtes(filter)},
    filtered as (select g.* from graded g where ${rowFilter(filter)}),
    rates as (
      select l.course_id,
        (count(*) filter (where ea.result is not null))::int as attempts,
        (count(*) filter (where ea.result = 'PASSED'))::int as passed
      from filtered f
      join ${lessons} l on l.course_id = f.course_id
      join ${examAttempts} ea on ea.exam_id = l.id and ea.user_id = f.user_id${attemptRange[0]}${attemptRange[1]}
      group by l.course_id
    )
    select
      (select count(*) from filtered)::int as rows,
      (select count(distinct user_id) from filtered)::int as learners,
      (select count(*) from filtered where status = 'STUDYING')::int as studying,
      (select count(*) from filtered where status = 'PASSED')::int as passed,
      (select count(*) from filtered where status = 'FAILED')::int as failed,
      (select count(*) from filtered where status = 'IDLE')::int as idle,
      coalesce((
        select json_agg(json_build_object('courseId', r.course_id, 'courseName', c.name, 'attempts', r.attempts, 'passed', r.passed) order by lower(c.name), c.id)
        from rates r join ${courses} c on c.id = r.course_id where r.attempts > 0
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
    with ${gradedCtes({}, { userId })}
    select ${rowColumns} from graded g ${rowJoins}
    order by ${rowOrder(undefined)}`);
  return rowsOf<RawRow>(result).map(toRow);
}

type LessonRow = {
  id: number;
  courseId: number;
  name: string;
  topicName: string;
  minStudyMinutes: number;
  examQuestionCount: number;
  status: string | null;
  creditedSeconds: number | null;
  examPassed: boolean | null;
  updatedAt: Date | null;
};

/** The lessons of these courses with the learner's progress in each, in course order. One query (always, to keep the count constant). */
async function lessonsOf(db: Db, userId: number, courseIds: number[]): Promise<LessonRow[]> {
  return db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      name: lessons.name,
      topicName: topics.name,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
      status: lessonProgress.status,
      creditedSeconds: lessonProgress.creditedSeconds,
      examPassed: lessonProgress.examPassed,
      updatedAt: lessonProgress.updatedAt,
    })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(inArray(lessons.courseId, courseIds))
    .orderBy(
      asc(lessons.courseId),
      asc(topics.position),
      asc(topics.id),
      asc(lessons.position),
      asc(lessons.id),
    );
}

function toLesson(row: LessonRow): TLearnerLesson {
  const required = row.minStudyMinutes * 60;
  const credited = Math.floor(row.creditedSeconds ?? 0);
  const hasExam = row.examQuestionCount > 0;
  const stored = (LESSON_STATUSES as readonly string[]).includes(row.status ?? '')
    ? (row.status as LessonStatus)
    : null;
  // The study module's rule (decision 12): a lesson never opened is not passed.
  const passed =
    stored !== null &&
    (stored === 'PASSED' || (credited >= required && (!hasExam || row.examPassed === true)));
  return {
    id: row.id,
    name: row.name,
    topicName: row.topicName,
    status: passed ? 'PASSED' : (stored ?? 'IDLE'),
    creditedSeconds: credited,
    requiredSeconds: required,
    hasExam,
    examPassed: row.examPassed ?? false,
    passed,
    lastStudiedAt: row.updatedAt?.toISOString() ?? null,
  };
}

function withLessons(rows: TProgressRow[], lessonRows: LessonRow[]): TLearnerCourse[] {
  const byCourse = new Map<number, TLearnerLesson[]>();
  for (const row of lessonRows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push(toLesson(row));
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
    lessons: byCourse.get(row.courseId) ?? [],
  }));
}

type ExamNames = Map<number, { lessonName: string; courseId: number; courseName: string }>;

/** Lesson and course names of exams (an exam's id is its lesson's id). One query. */
async function examNames(db: Db, examIds: number[]): Promise<ExamNames> {
  const rows = await db
    .select({ id: lessons.id, lessonName: lessons.name, courseId: courses.id, courseName: courses.name })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(lessons.id, examIds));
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

/**
 * GET progress/users/{id}: the learner, their courses with every lesson (time viewed, status),
 * their exam attempts (newest first) and standings (locks). Eight statements whatever the data.
 */
export async function learnerProgress(
  db: Db,
  userId: number,
  within: ManagementScope = EVERYTHING,
): Promise<TLearnerProgress> {
  const [[user], rows, exams] = await Promise.all([
    db
      .select({
        id: users.id,
        employeeCode: users.employeeCode,
        fullName: users.fullName,
        email: users.email,
        role: users.role,
        access: users.access,
        serviceName: services.name,
        branchName: branches.name,
        departmentName: departments.name,
        authorizationName: authorizations.name,
        position: users.position,
      })
      .from(users)
      .leftJoin(services, eq(services.id, users.serviceId))
      .leftJoin(branches, eq(branches.id, users.branchId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(authorizations, eq(authorizations.id, users.authorizationId))
      .where(and(eq(users.id, userId), learnerWithin(within))),
    learnerCourses(db, userId),
    examsOf(db, userId),
  ]);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const lessonRows = await lessonsOf(
    db,
    userId,
    rows.map((r) => r.courseId),
  );
  return {
    user: { ...user, role: user.role as RoleCode, access: user.access as (typeof USER_ACCESS)[number] },
    courses: withLessons(rows, lessonRows),
    attempts: exams.attempts.map((a) => {
      const names = exams.names.get(a.examId);
      return { ...a, lessonName: names?.lessonName ?? '', courseName: names?.courseName ?? '' };
    }),
    standings: exams.standings,
  };
}

/** GET progress/users/{id}/login-history: newest first, with the total. One statement. */
export async function loginHistoryOf(
  db: Db,
  userId: number,
  page: { page: number; size: number },
  within: ManagementScope = EVERYTHING,
): Promise<{ rows: TLoginEntry[]; total: number }> {
  const { limit, offset } = pageWindow(page);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), learnerWithin(within)));
  if (!user) throw notFound(MESSAGES.userNotFound);
  const rows = await db
    .select({
      id: loginHistory.id,
      at: loginHistory.at,
      ip: loginHistory.ip,
      userAgent: loginHistory.userAgent,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(loginHistory)
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.at), desc(loginHistory.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId));
    total = counted?.n ?? 0;
  }
  return {
    rows: rows.map(({ total: _t, at, ...r }) => ({ ...r, at: at.toISOString() })),
    total: Number(total),
  };
}

/**
 * GET my-progress: the learner's courses with lessons, and a line per exam (attempts, best and
 * last mark, passed, locked). Seven statements whatever the data.
 */
export async function myProgress(db: Db, userId: number): Promise<TMyProgress> {
  const [rows, exams] = await Promise.all([learnerCourses(db, userId), examsOf(db, userId)]);
  const lessonRows = await lessonsOf(
    db,
    userId,
    rows.map((r) => r.courseId),
  );
  const byExam = new Map<number, TStaffAttempt[]>();
  for (const attempt of exams.attempts) {
    const list = byExam.get(attempt.examId) ?? [];
    list.push(attempt);
    byExam.set(attempt.examId, list);
  }
  const examIds = [...new Set([...exams.standings.map((s) => s.examId), ...byExam.keys()])];
  const standingOf = new Map(exams.standings.map((s) => [s.examId, s]));
  return {
    courses: withLessons(rows, lessonRows),
    exams: examIds.flatMap((examId) => {
      const names = exams.names.get(examId);
      if (!names) return [];
      // Newest first (the exams service's order).
      const attempts = (byExam.get(examId) ?? []).filter((a) => a.result !== null);
      const last = attempts[0];
      const marks = attempts.map((a) => a.mark).filter((m): m is number => m !== null);
      const standing = standingOf.get(examId);
      return [
        {
          examId,
          lessonName: names.lessonName,
          courseId: names.courseId,
          courseName: names.courseName,
          attempts: standing?.attempts ?? attempts.length,
          bestMark: marks.length ? Math.max(...marks) : null,
          lastMark: last?.mark ?? null,
          lastResult: last?.result ?? null,
          passed: standing?.passed ?? attempts.some((a) => a.result === 'PASSED'),
          locked: standing?.locked ?? false,
          lastAttemptAt: last?.startedAt ?? null,
        },
      ];
    }),
  };
}
