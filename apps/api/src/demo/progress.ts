import { asc, eq, inArray } from 'drizzle-orm';
import { authorizations } from '../modules/authorizations/tables';
import { issueForCompletion } from '../modules/certificates/issue';
import { courses, lessons, topics } from '../modules/courses/tables';
import { examAttempts, examQuestions, examStandings } from '../modules/exams/tables';
import { roadmapCourses, roadmapMilestones, roadmaps } from '../modules/roadmaps/tables';
import { lessonProgress } from '../modules/study/tables';
import { users } from '../modules/users/tables';
import type { Db } from '../platform/db/client';

/**
 * The learning showcase of the product demo (`npm start` loads it with the demo data; the API
 * test harness does not, so other features' tests keep their fresh learners): the demo student
 * and four colleagues of their branch get a "Sales consultant" authorization with a roadmap;
 * a dozen employees get progress in the demo courses (finished, studying, failed, one locked
 * exam); finishers of courses that grant the demo certificate receive it.
 *
 * It writes other modules' tables (authorizations, users, progress, exam attempts and standings)
 * directly, as demo data does, in the caller's transaction.
 */

const DAY = 24 * 3600 * 1000;

/** Colleagues of the demo student (branch Skyline Mobile Hanoi) who share their roadmap. */
const TEAM = ['E1002', 'E1003', 'E1019', 'E1021'];

type LessonPlan = {
  /** 'passed', 'studying', or the exam outcome: failed attempts then maybe a pass. */
  state: 'passed' | 'studying' | 'failed' | 'locked';
  /** Failed exam attempts before the pass (passed) or in all (failed, locked). */
  failedAttempts?: number;
  cheating?: boolean;
};

type Scenario = {
  code: string;
  course: string;
  /** Lessons in course order; missing lessons are not started. */
  lessons: LessonPlan[];
  /** Days ago the learner started. */
  startedDaysAgo: number;
};

const P: LessonPlan = { state: 'passed' };
const S: LessonPlan = { state: 'studying' };

const SCENARIOS: Scenario[] = [
  { code: 'E1002', course: 'Workplace safety', lessons: [P, P], startedDaysAgo: 26 },
  { code: 'E1002', course: 'Customer care essentials', lessons: [P, P, S], startedDaysAgo: 12 },
  { code: 'E1003', course: 'Workplace safety', lessons: [S], startedDaysAgo: 3 },
  {
    code: 'E1021',
    course: 'Workplace safety',
    lessons: [{ state: 'passed', failedAttempts: 1 }, P],
    startedDaysAgo: 40,
  },
  { code: 'E1021', course: 'Customer care essentials', lessons: [P, P, P, P, P, P], startedDaysAgo: 30 },
  {
    code: 'E1004',
    course: 'Selling mobile plans',
    lessons: [{ state: 'locked', failedAttempts: 3 }],
    startedDaysAgo: 9,
  },
  {
    code: 'E1005',
    course: 'Selling mobile plans',
    lessons: [{ state: 'passed', failedAttempts: 1 }, S],
    startedDaysAgo: 15,
  },
  { code: 'E1006', course: 'Fibre installation basics', lessons: [P, S], startedDaysAgo: 7 },
  { code: 'E1007', course: 'Workplace safety', lessons: [P, P], startedDaysAgo: 20 },
  { code: 'E1010', course: 'TV packages and set-top boxes', lessons: [S], startedDaysAgo: 2 },
  {
    code: 'E1011',
    course: 'Workplace safety',
    lessons: [{ state: 'failed', failedAttempts: 1, cheating: true }],
    startedDaysAgo: 5,
  },
  { code: 'E1012', course: 'Customer care essentials', lessons: [S], startedDaysAgo: 1 },
  { code: 'E1014', course: 'Fibre installation basics', lessons: [P, P, P], startedDaysAgo: 18 },
];

export async function seedDemoShowcase(db: Db, now: Date = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, code: users.employeeCode, branchId: users.branchId })
    .from(users)
    .where(inArray(users.employeeCode, ['student', ...TEAM, ...SCENARIOS.map((s) => s.code)]));
  const idOf = new Map(people.map((p) => [p.code, p.id]));
  const student = people.find((p) => p.code === 'student');
  if (!student?.branchId) return;

  // The student's role and their team's.
  const [role] = await db
    .insert(authorizations)
    .values({ name: 'Sales consultant', branchId: student.branchId, permissions: [] })
    .returning({ id: authorizations.id });
  if (!role) return;
  await db
    .update(users)
    .set({ authorizationId: role.id })
    .where(inArray(users.employeeCode, ['student', ...TEAM]));

  // The demo courses in order, with their lessons in course order.
  const courseRows = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .orderBy(asc(courses.position));
  const courseId = new Map(courseRows.map((c) => [c.name, c.id]));
  const lessonRows = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
      maxFailedAttempts: lessons.maxFailedAttempts,
      requiredCorrectAnswers: lessons.requiredCorrectAnswers,
    })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .orderBy(asc(lessons.courseId), asc(topics.position), asc(lessons.position));

  // The roadmap of the student's branch and role. "Fibre installation basics" must be completed
  // before moving on, so it locks "TV packages and set-top boxes" (only) for the student.
  const plan: [string, string[]][] = [
    ['Start here', ['Workplace safety', 'Customer care essentials']],
    ['Know our products', ['Selling mobile plans', 'Fibre installation basics']],
    ['Going further', ['TV packages and set-top boxes']],
  ];
  const [roadmap] = await db
    .insert(roadmaps)
    .values({
      branchId: student.branchId,
      authorizationId: role.id,
      description:
        'The first months of a sales consultant: safety and customer care, then the products we sell.',
    })
    .returning({ id: roadmaps.id });
  if (roadmap) {
    let rank = 0;
    for (const [position, [name, names]] of plan.entries()) {
      const [milestone] = await db
        .insert(roadmapMilestones)
        .values({ roadmapId: roadmap.id, name, order: position + 1, position })
        .returning({ id: roadmapMilestones.id });
      if (!milestone) continue;
      const entries = names.flatMap((n, i) => {
        const id = courseId.get(n);
        return id
          ? [{ roadmapId: roadmap.id, milestoneId: milestone.id, courseId: id, order: i + 1, rank: rank++ }]
          : [];
      });
      if (entries.length) await db.insert(roadmapCourses).values(entries);
    }
  }

  // Progress, exam attempts and standings of the scenarios.
  const questions = await db
    .select({ id: examQuestions.id, examId: examQuestions.examId })
    .from(examQuestions)
    .orderBy(asc(examQuestions.examId), asc(examQuestions.position));
  const questionIds = (examId: number) => questions.filter((q) => q.examId === examId).map((q) => q.id);
  const progressRows: (typeof lessonProgress.$inferInsert)[] = [];
  const attemptRows: (typeof examAttempts.$inferInsert)[] = [];
  const standingRows: (typeof examStandings.$inferInsert)[] = [];
  const finished: { userId: number; courseId: number; at: Date }[] = [];
  SCENARIOS.forEach((scenario, s) => {
    const userId = idOf.get(scenario.code);
    const cId = courseId.get(scenario.course);
    if (!userId || !cId) return;
    const ofCourse = lessonRows.filter((l) => l.courseId === cId);
    let at = now.getTime() - scenario.startedDaysAgo * DAY + s * 3600_000;
    scenario.lessons.forEach((lessonPlan, i) => {
      const lesson = ofCourse[i];
      if (!lesson) return;
      const required = lesson.minStudyMinutes * 60;
      const started = new Date(at);
      at +=
        Math.max(1, Math.floor(scenario.startedDaysAgo / Math.max(1, scenario.lessons.length))) * DAY * 0.6;
      const done = new Date(Math.min(at, now.getTime() - 3600_000));
      const hasExam = lesson.examQuestionCount > 0;
      const passed = lessonPlan.state === 'passed';
      const credited = lessonPlan.state === 'studying' ? Math.floor(required / 3) : required + 15;
      progressRows.push({
        userId,
        lessonId: lesson.id,
        creditedSeconds: credited,
        lastPositionSeconds: credited,
        status: passed ? 'PASSED' : lessonPlan.state === 'studying' ? 'STUDYING' : 'FAILED',
        examPassed: passed && hasExam,
        passedAt: passed ? done : null,
        createdAt: started,
        updatedAt: done,
      });
      if (!hasExam || lessonPlan.state === 'studying') return;
      const ids = questionIds(lesson.id);
      const fails = lessonPlan.failedAttempts ?? 0;
      const total = fails + (passed ? 1 : 0);
      for (let n = 1; n <= total; n++) {
        const pass = passed && n === total;
        const begin = new Date(started.getTime() + n * 3 * 3600_000);
        const correct = pass ? ids.length : Math.max(0, lesson.requiredCorrectAnswers - 1 - (n % 2));
        attemptRows.push({
          examId: lesson.id,
          userId,
          number: n,
          status: 'SUBMITTED',
          result: pass ? 'PASSED' : 'FAILED',
          startedAt: begin,
          deadlineAt: new Date(begin.getTime() + 10 * 60_000),
          endedAt: new Date(begin.getTime() + (4 + n) * 60_000),
          ip: `10.20.${s + 1}.${10 + n}`,
          requiredCorrect: lesson.requiredCorrectAnswers,
          maxFailed: lesson.maxFailedAttempts,
          questionIds: ids,
          optionOrder: {},
          questionCount: ids.length,
          correctCount: correct,
          mark: ids.length ? Math.round((correct * 100) / ids.length) : 0,
          submitReason: lessonPlan.cheating && !pass ? 'TAB_LEFT' : 'SUBMIT',
          cheating: Boolean(lessonPlan.cheating && !pass),
          cheatReason: lessonPlan.cheating && !pass ? 'TAB_LEFT' : null,
        });
      }
      standingRows.push({
        userId,
        examId: lesson.id,
        attempts: total,
        failedAttempts: fails,
        lockedAt:
          lessonPlan.state === 'locked' ? new Date(started.getTime() + (total + 1) * 3 * 3600_000) : null,
        passedAt: passed ? done : null,
        updatedAt: done,
      });
    });
    const lessonCount = ofCourse.length;
    if (
      lessonCount > 0 &&
      scenario.lessons.length === lessonCount &&
      scenario.lessons.every((l) => l.state === 'passed')
    ) {
      finished.push({ userId, courseId: cId, at: new Date(Math.min(at, now.getTime() - 3600_000)) });
    }
  });
  if (progressRows.length) await db.insert(lessonProgress).values(progressRows).onConflictDoNothing();
  if (attemptRows.length) await db.insert(examAttempts).values(attemptRows);
  if (standingRows.length) await db.insert(examStandings).values(standingRows);
  for (const completion of finished) await issueForCompletion(db, completion);
}
