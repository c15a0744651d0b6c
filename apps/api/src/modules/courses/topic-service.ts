import { MESSAGES, type TTopic } from '@academy/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { lockCourse, refreshCountsOf } from './counts';
import { removeDocumentFiles } from './documents';
import type { LearnerProgress } from './learner-progress';
import { courses, lessonDocuments, lessons, topics } from './tables';

const topicColumns = {
  id: topics.id,
  courseId: topics.courseId,
  name: topics.name,
  position: topics.position,
  lessonCount: sql<number>`(select count(*)::int from ${lessons} where ${col(lessons.topicId)} = ${col(topics.id)})`,
};

async function assertCourse(db: Db, courseId: number): Promise<void> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound(MESSAGES.courseNotFound);
}

async function getTopic(db: Db, id: number): Promise<TTopic> {
  const [row] = await db.select(topicColumns).from(topics).where(eq(topics.id, id));
  if (!row) throw notFound(MESSAGES.topicNotFound);
  return row;
}

/** The topics of a course in order, with their lesson counts (one query, plus one for a missing course). */
export async function listTopics(db: Db, courseId: number): Promise<TTopic[]> {
  const rows = await db
    .select(topicColumns)
    .from(topics)
    .where(eq(topics.courseId, courseId))
    .orderBy(asc(topics.position), asc(topics.id));
  if (rows.length === 0) await assertCourse(db, courseId);
  return rows;
}

export async function createTopic(db: Db, courseId: number, name: string): Promise<TTopic> {
  const id = await db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const [row] = await tx
      .insert(topics)
      .values({
        courseId,
        name,
        position: sql`(select coalesce(max(${col(topics.position)}), 0) + 1 from ${topics} where ${col(topics.courseId)} = ${courseId})`,
      })
      .returning({ id: topics.id });
    if (!row) throw new Error('topic insert returned nothing');
    await refreshCountsOf(tx, courseId);
    return row.id;
  });
  return getTopic(db, id);
}

export async function updateTopic(db: Db, id: number, name: string): Promise<TTopic> {
  const [row] = await db
    .update(topics)
    .set({ name, updatedAt: new Date() })
    .where(eq(topics.id, id))
    .returning({ id: topics.id });
  if (!row) throw notFound(MESSAGES.topicNotFound);
  return getTopic(db, id);
}

/** Deletes a topic with its lessons; `confirmed` is needed when learners have progress in it. */
export async function deleteTopic(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  progress: LearnerProgress,
  id: number,
  confirmed: boolean,
): Promise<void> {
  const [topic] = await db.select({ courseId: topics.courseId }).from(topics).where(eq(topics.id, id));
  if (!topic) throw notFound(MESSAGES.topicNotFound);
  const keys = await db.transaction(async (tx) => {
    await lockCourse(tx, topic.courseId);
    if (!confirmed && (await progress.hasProgress(tx, { topicId: id })))
      throw conflict(MESSAGES.topicHasProgress);
    const documents = await tx
      .select({ key: lessonDocuments.fileKey })
      .from(lessonDocuments)
      .innerJoin(lessons, eq(lessons.id, lessonDocuments.lessonId))
      .where(eq(lessons.topicId, id));
    const deleted = await tx.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id });
    if (deleted.length === 0) throw notFound(MESSAGES.topicNotFound);
    await refreshCountsOf(tx, topic.courseId);
    return documents.map((d) => d.key);
  });
  await removeDocumentFiles(storage, log, keys);
}

/** A list that can be reordered: its table, id column and the column of its parent. */
export type OrderTarget = { table: PgTable; id: PgColumn; parent: PgColumn };
const TOPIC_ORDER: OrderTarget = { table: topics, id: topics.id, parent: topics.courseId };

/**
 * Gives `ids[i]` position i + 1 among the rows whose parent is `parentId`. `ids` must list each
 * of those rows exactly once (400 otherwise). One UPDATE, whatever the number of rows.
 */
export async function applyOrder(db: Db, target: OrderTarget, parentId: number, ids: number[]) {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: target.id })
      .from(target.table)
      .where(eq(target.parent, parentId))
      .for('update');
    const known = new Set(existing.map((r) => r.id as number));
    if (known.size !== ids.length || !ids.every((id) => known.has(id))) {
      throw badRequest(MESSAGES.reorderMismatch, [{ field: 'ids', message: MESSAGES.reorderMismatch }]);
    }
    const positions = sql.join(
      ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${target.table} set position = v.position from (values ${positions}) as v(id, position) where ${target.id} = v.id`,
    );
  });
}

export async function reorderTopics(db: Db, courseId: number, ids: number[]): Promise<TTopic[]> {
  await assertCourse(db, courseId);
  await applyOrder(db, TOPIC_ORDER, courseId, ids);
  return listTopics(db, courseId);
}
