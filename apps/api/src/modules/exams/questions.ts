import { randomBytes } from 'node:crypto';
import {
  EXAM_LIMITS,
  EXAM_MESSAGES,
  MESSAGES,
  requiredFitsQuestions,
  type TAuthorQuestion,
  type TExamAuthoring,
  type TExamSettings,
  type TQuestionInputParsed,
  type ZExamSettingsInput,
} from '@academy/contract';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { lessonExamInfo, setLessonExamQuestionCount, setLessonExamSettings } from '../courses';
import { examQuestions, exams, type StoredOption } from './tables';

/** Authoring: a lesson's exam settings and questions (COURSE_MANAGEMENT). */

type QuestionRow = typeof examQuestions.$inferSelect;

export function newOptionId(): string {
  return randomBytes(6).toString('base64url');
}

export function toAuthorQuestion(row: QuestionRow): TAuthorQuestion {
  return {
    id: row.id,
    examId: row.examId,
    position: row.position,
    type: row.type,
    content: row.content,
    taskDescription: row.taskDescription,
    taskGuide: row.taskGuide,
    displaySeconds: row.displaySeconds,
    options: row.options,
    blanks: row.type === 'FILL_BLANKS' ? row.blanks : [],
  };
}

/**
 * The stored form of a question. Option ids the question already had are kept (an attempt in
 * progress still finds its options); new options get new random ids.
 */
export function questionValues(input: TQuestionInputParsed, previous: StoredOption[] = []) {
  const known = new Set(previous.map((o) => o.id));
  const used = new Set<string>();
  const optionId = (id: string | undefined) => {
    const keep = id !== undefined && known.has(id) && !used.has(id);
    const chosen = keep ? id : newOptionId();
    used.add(chosen);
    return chosen;
  };
  const options: StoredOption[] =
    input.type === 'FILL_BLANKS'
      ? input.options.map((o) => ({ id: optionId(o.id), text: o.text, correct: false }))
      : input.options.map((o) => ({ id: optionId(o.id), text: o.text, correct: o.correct }));
  return {
    type: input.type,
    content: input.content,
    taskDescription: input.taskDescription ?? null,
    taskGuide: input.taskGuide ?? null,
    displaySeconds: input.displaySeconds ?? null,
    options,
    blanks: input.type === 'FILL_BLANKS' ? input.blanks.map((b) => ({ answers: b.answers })) : [],
  };
}

/**
 * Creates the exam row of a lesson when missing and locks it for the rest of the transaction:
 * every change to an exam's questions takes this lock first, so positions and the question count
 * are computed one change at a time.
 */
export async function lockExam(tx: Db, lessonId: number) {
  await tx.insert(exams).values({ lessonId }).onConflictDoNothing();
  const [exam] = await tx.select().from(exams).where(eq(exams.lessonId, lessonId)).for('update');
  if (!exam) throw notFound(MESSAGES.lessonNotFound);
  return exam;
}

/**
 * Stores the question count on the lesson (the study rules read it); returns it with the lesson's
 * required correct answers, read under the lesson's row lock.
 */
async function refreshQuestionCount(tx: Db, lessonId: number): Promise<{ n: number; required: number }> {
  const [row] = await tx.select({ n: count() }).from(examQuestions).where(eq(examQuestions.examId, lessonId));
  const n = row?.n ?? 0;
  const { requiredCorrectAnswers } = await setLessonExamQuestionCount(tx, lessonId, n);
  return { n, required: requiredCorrectAnswers };
}

async function questionsOf(db: Db, examId: number): Promise<TAuthorQuestion[]> {
  const rows = await db
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.examId, examId))
    .orderBy(asc(examQuestions.position), asc(examQuestions.id));
  return rows.map(toAuthorQuestion);
}

function settingsOf(
  lesson: { examTimeLimitMinutes: number; requiredCorrectAnswers: number; maxFailedAttempts: number },
  exam: Pick<typeof exams.$inferSelect, 'shuffleQuestions' | 'shuffleOptions' | 'answerReview'> | undefined,
): TExamSettings {
  return {
    examTimeLimitMinutes: lesson.examTimeLimitMinutes,
    requiredCorrectAnswers: lesson.requiredCorrectAnswers,
    maxFailedAttempts: lesson.maxFailedAttempts,
    shuffleQuestions: exam?.shuffleQuestions ?? false,
    shuffleOptions: exam?.shuffleOptions ?? false,
    answerReview: exam?.answerReview ?? 'NEVER',
  };
}

/** GET exams/{id}/authoring: the lesson, the settings and every question with its answers. Three queries. */
export async function examAuthoring(db: Db, lessonId: number): Promise<TExamAuthoring> {
  const lesson = await lessonExamInfo(db, lessonId);
  const [exam] = await db.select().from(exams).where(eq(exams.lessonId, lessonId));
  return {
    examId: lesson.id,
    lesson: {
      id: lesson.id,
      name: lesson.name,
      topicId: lesson.topicId,
      topicName: lesson.topicName,
      courseId: lesson.courseId,
      courseName: lesson.courseName,
    },
    settings: settingsOf(lesson, exam),
    questions: exam ? await questionsOf(db, lessonId) : [],
  };
}

export type ExamSettingsInput = z.output<typeof ZExamSettingsInput>;

/**
 * PUT exams/{id}/settings: shuffle flags on the exam; time limit, required answers and lock on the
 * lesson. Requiring more correct answers than the exam has questions is refused (decision 73).
 */
export async function updateExamSettings(
  db: Db,
  lessonId: number,
  input: ExamSettingsInput,
): Promise<TExamSettings> {
  await lessonExamInfo(db, lessonId);
  await db.transaction(async (tx) => {
    await lockExam(tx, lessonId);
    await tx
      .update(exams)
      .set({
        shuffleQuestions: input.shuffleQuestions,
        shuffleOptions: input.shuffleOptions,
        answerReview: input.answerReview,
        updatedAt: new Date(),
      })
      .where(eq(exams.lessonId, lessonId));
    await setLessonExamSettings(tx, lessonId, {
      examTimeLimitMinutes: input.examTimeLimitMinutes,
      requiredCorrectAnswers: input.requiredCorrectAnswers,
      maxFailedAttempts: input.maxFailedAttempts,
    });
  });
  return { ...input };
}

async function assertRoom(tx: Db, lessonId: number, adding: number): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(examQuestions).where(eq(examQuestions.examId, lessonId));
  if ((row?.n ?? 0) + adding > EXAM_LIMITS.maxQuestions) throw badRequest(EXAM_MESSAGES.tooManyQuestions);
}

/** Adds questions at the end of a lesson's exam (one, or an import), in one transaction. */
export async function addQuestions(
  db: Db,
  lessonId: number,
  inputs: TQuestionInputParsed[],
): Promise<TAuthorQuestion[]> {
  await lessonExamInfo(db, lessonId);
  return db.transaction(async (tx) => {
    await lockExam(tx, lessonId);
    await assertRoom(tx, lessonId, inputs.length);
    const [last] = await tx
      .select({ at: sql<number>`coalesce(max(${examQuestions.position}), 0)::int` })
      .from(examQuestions)
      .where(eq(examQuestions.examId, lessonId));
    const start = last?.at ?? 0;
    const rows = await tx
      .insert(examQuestions)
      .values(
        inputs.map((input, i) => ({ ...questionValues(input), examId: lessonId, position: start + i + 1 })),
      )
      .returning();
    await refreshQuestionCount(tx, lessonId);
    return rows.map(toAuthorQuestion);
  });
}

async function findQuestion(db: Db, id: number): Promise<QuestionRow> {
  const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, id));
  if (!row) throw notFound(EXAM_MESSAGES.questionNotFound);
  return row;
}

/** PUT exam-questions/{id}. */
export async function updateQuestion(
  db: Db,
  id: number,
  input: TQuestionInputParsed,
): Promise<TAuthorQuestion> {
  const existing = await findQuestion(db, id);
  return db.transaction(async (tx) => {
    await lockExam(tx, existing.examId);
    const current = await findQuestion(tx, id);
    const [row] = await tx
      .update(examQuestions)
      .set({ ...questionValues(input, current.options), updatedAt: new Date() })
      .where(eq(examQuestions.id, id))
      .returning();
    if (!row) throw notFound(EXAM_MESSAGES.questionNotFound);
    return toAuthorQuestion(row);
  });
}

/** DELETE exam-questions/{id}. */
export async function deleteQuestion(db: Db, id: number): Promise<void> {
  const existing = await findQuestion(db, id);
  await db.transaction(async (tx) => {
    await lockExam(tx, existing.examId);
    const deleted = await tx
      .delete(examQuestions)
      .where(eq(examQuestions.id, id))
      .returning({ id: examQuestions.id });
    if (deleted.length === 0) throw notFound(EXAM_MESSAGES.questionNotFound);
    // Never fewer questions than the required correct answers (decision 73); the last question
    // may go: an exam without questions is being authored again.
    const { n, required } = await refreshQuestionCount(tx, existing.examId);
    if (!requiredFitsQuestions(required, n)) throw conflict(EXAM_MESSAGES.deleteBelowRequired);
  });
}

/** POST exam-questions/{id}/duplicate: a copy (new option ids) right after the original. */
export async function duplicateQuestion(db: Db, id: number): Promise<TAuthorQuestion> {
  const existing = await findQuestion(db, id);
  return db.transaction(async (tx) => {
    await lockExam(tx, existing.examId);
    await assertRoom(tx, existing.examId, 1);
    const source = await findQuestion(tx, id);
    await tx
      .update(examQuestions)
      .set({ position: sql`${examQuestions.position} + 1` })
      .where(and(eq(examQuestions.examId, source.examId), gt(examQuestions.position, source.position)));
    const [row] = await tx
      .insert(examQuestions)
      .values({
        examId: source.examId,
        position: source.position + 1,
        type: source.type,
        content: source.content,
        taskDescription: source.taskDescription,
        taskGuide: source.taskGuide,
        displaySeconds: source.displaySeconds,
        options: source.options.map((o) => ({ ...o, id: newOptionId() })),
        blanks: source.blanks,
      })
      .returning();
    if (!row) throw new Error('question copy was not inserted');
    await refreshQuestionCount(tx, source.examId);
    return toAuthorQuestion(row);
  });
}

/** PUT exams/{id}/questions/order: every question id of the exam once, in the new order. */
export async function reorderQuestions(db: Db, lessonId: number, ids: number[]): Promise<TAuthorQuestion[]> {
  await lessonExamInfo(db, lessonId);
  await db.transaction(async (tx) => {
    await lockExam(tx, lessonId);
    const current = await tx
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(eq(examQuestions.examId, lessonId));
    const known = new Set(current.map((q) => q.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest(MESSAGES.reorderMismatch, [{ field: 'ids', message: MESSAGES.reorderMismatch }]);
    }
    const cases = sql.join(
      ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`),
      sql` `,
    );
    await tx
      .update(examQuestions)
      .set({ position: sql`(case ${examQuestions.id} ${cases} end)`, updatedAt: new Date() })
      .where(inArray(examQuestions.id, ids));
  });
  return questionsOf(db, lessonId);
}

/** Every question of an exam as authors see it (export). */
export function authorQuestions(db: Db, lessonId: number): Promise<TAuthorQuestion[]> {
  return questionsOf(db, lessonId);
}
