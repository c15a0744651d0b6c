import { ZQuestionInput } from '@academy/contract';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { lessons } from '../modules/courses/tables';
import { gradeAttempt } from '../modules/exams/rules';
import { examQuestions, exams } from '../modules/exams/tables';
import { DEMO_COURSES } from './courses';
import { DEMO_EXAMS } from './exams';

/** The demo data as a learner meets it: every lesson can be passed (issue 20, point 5). */

const demoLessonNames = DEMO_COURSES.flatMap((c) => c.topics.flatMap((t) => t.lessons.map((l) => l.name)));

describe('the demo exams, as written', () => {
  it('belong to demo lessons and never require more correct answers than they have questions', () => {
    for (const [name, exam] of Object.entries(DEMO_EXAMS)) {
      expect(demoLessonNames, name).toContain(name);
      expect(exam.questions.length, name).toBeGreaterThan(0);
      expect(exam.required, name).toBeGreaterThan(0);
      expect(exam.required, name).toBeLessThanOrEqual(exam.questions.length);
      for (const q of exam.questions) expect(ZQuestionInput.safeParse(q).success, q.content).toBe(true);
    }
  });

  it('ask questions of all three types', () => {
    const types = new Set(Object.values(DEMO_EXAMS).flatMap((e) => e.questions.map((q) => q.type)));
    expect([...types].sort()).toEqual(['FILL_BLANKS', 'MULTIPLE_CHOICE', 'SINGLE_CHOICE']);
  });
});

describe('the seeded demo lessons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('can every one be passed: required answers within the questions, and every exam has questions', async () => {
    const db = t.database.db;
    const rows = await db
      .select({
        id: lessons.id,
        name: lessons.name,
        required: lessons.requiredCorrectAnswers,
        questionCount: lessons.examQuestionCount,
      })
      .from(lessons)
      .orderBy(asc(lessons.id));
    expect(rows.map((r) => r.name)).toEqual(demoLessonNames);
    const stored = await db
      .select({ examId: examQuestions.examId, n: count() })
      .from(examQuestions)
      .groupBy(examQuestions.examId);
    const questionsOf = new Map(stored.map((s) => [s.examId, s.n]));
    for (const lesson of rows) {
      expect(lesson.questionCount, lesson.name).toBe(questionsOf.get(lesson.id) ?? 0);
      expect(lesson.required, lesson.name).toBeLessThanOrEqual(lesson.questionCount);
    }
    const examRows = await db.select({ lessonId: exams.lessonId }).from(exams);
    expect(examRows.length).toBeGreaterThan(0);
    for (const exam of examRows) expect(questionsOf.get(exam.lessonId) ?? 0).toBeGreaterThan(0);
  });

  it('are passed by a learner who answers every demo exam right', async () => {
    const db = t.database.db;
    const examLessons = await db
      .select({ id: lessons.id, name: lessons.name, required: lessons.requiredCorrectAnswers })
      .from(lessons)
      .innerJoin(exams, eq(exams.lessonId, lessons.id));
    expect(examLessons.map((l) => l.name).sort()).toEqual(Object.keys(DEMO_EXAMS).sort());
    for (const lesson of examLessons) {
      const questions = await db.select().from(examQuestions).where(eq(examQuestions.examId, lesson.id));
      const right = questions.map((q) => ({
        questionId: q.id,
        optionIds: q.options.filter((o) => o.correct).map((o) => o.id),
        blanks: q.blanks.map((b) => b.answers[0] ?? ''),
      }));
      const grade = gradeAttempt(questions, right, lesson.required);
      expect(grade, lesson.name).toMatchObject({ correctCount: questions.length, passed: true });
      const oneShort = gradeAttempt(questions, right.slice(0, lesson.required - 1), lesson.required);
      expect(oneShort.passed, lesson.name).toBe(false);
    }
  });
});
