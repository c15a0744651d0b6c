import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { sharedStatement } from '../../platform/db/prepared';
import { courseFinishedWithSql } from './completion';
import { lessonProgress } from './tables';
import type { ProgressRecord } from './tree';

/**
 * The one statement that writes a learner's progress row: the first row made with its change
 * (`make`), or the versioned write of the whole row (`write`); with `counting`, it also returns
 * whether the course is now finished (the caller's transaction holds the completion lock).
 * Run by study itself (`runProgressWrite`), or as a piece of another module's statement
 * (`progressWriteSql`, decision 181). Its placeholders are named `progress_…`, apart from the
 * host statement's own.
 */
export type ProgressShape = { kind: 'make' | 'write'; counting: boolean };

/** What the statement returns: nothing when it wrote nothing (a conflict, a changed version). */
export type WrittenProgress = { version: number; finishedCycle: number | null };

const name = (key: string) => `progress_${key}`;
const param = (key: string, cast?: 'timestamptz') =>
  cast ? sql`${sql.placeholder(name(key))}::${sql.raw(cast)}` : sql`${sql.placeholder(name(key))}`;

/** The placeholders' values of a write that leaves the row as `record`. */
export function progressParams(
  record: ProgressRecord,
  row: { userId: number; lessonId: number; courseId: number; updatedAt: Date | null },
  extra: { createdAt: Date } | { readVersion: number },
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    status: record.status,
    creditedSeconds: record.creditedSeconds,
    lastPositionSeconds: record.lastPositionSeconds,
    examPassed: record.examPassed,
    contentPassed: record.contentPassed,
    viewingId: record.viewingId,
    lastHeartbeatAt: record.lastHeartbeatAt,
    watching: record.watching,
    tabLeaves: record.tabLeaves,
    passedAt: record.passedAt,
    version: record.version,
    ...row,
    ...extra,
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [name(key), value]));
}

/** Every column of the row a write sets. */
function recordColumns() {
  return {
    status: param('status'),
    creditedSeconds: param('creditedSeconds'),
    lastPositionSeconds: param('lastPositionSeconds'),
    examPassed: param('examPassed'),
    contentPassed: param('contentPassed'),
    viewingId: param('viewingId'),
    lastHeartbeatAt: param('lastHeartbeatAt', 'timestamptz'),
    watching: param('watching'),
    tabLeaves: param('tabLeaves'),
    passedAt: param('passedAt', 'timestamptz'),
    version: param('version'),
  };
}

/** The row's new version, and with `counting` the cycle the course is now finished in (else null). */
function writeReturning(db: Db, counting: boolean) {
  const userId = sql.placeholder(name('userId'));
  const courseId = sql.placeholder(name('courseId'));
  const lessonId = sql.placeholder(name('lessonId'));
  return {
    version: lessonProgress.version,
    finishedCycle: (counting
      ? courseFinishedWithSql(db, userId, courseId, lessonId)
      : sql<number | null>`null::int`
    ).as('finished_cycle'),
  };
}

function makeQuery(db: Db, counting: boolean) {
  return db
    .insert(lessonProgress)
    .values({
      ...recordColumns(),
      userId: param('userId'),
      lessonId: param('lessonId'),
      createdAt: param('createdAt', 'timestamptz'),
      updatedAt: param('updatedAt', 'timestamptz'),
    })
    .onConflictDoNothing()
    .returning(writeReturning(db, counting));
}

/** The whole row as the change leaves it, only over the version it was read at. */
function writeQuery(db: Db, counting: boolean) {
  return db
    .update(lessonProgress)
    .set({
      ...recordColumns(),
      updatedAt: sql`coalesce(${param('updatedAt', 'timestamptz')}, ${lessonProgress.updatedAt})`,
    })
    .where(
      and(
        eq(lessonProgress.userId, sql.placeholder(name('userId'))),
        eq(lessonProgress.lessonId, sql.placeholder(name('lessonId'))),
        eq(lessonProgress.version, sql.placeholder(name('readVersion'))),
      ),
    )
    .returning(writeReturning(db, counting));
}

/**
 * The write as a data-modifying CTE of another module's statement (decision 181): `with progress
 * as (<this>)`, whose row (if any) has `version` and `finished_cycle`. The host statement must run
 * where the write would (the caller's transaction, after its completion lock when `counting`).
 */
export function progressWriteSql(db: Db, shape: ProgressShape): SQL {
  return (shape.kind === 'make' ? makeQuery(db, shape.counting) : writeQuery(db, shape.counting)).getSQL();
}

/** Study's own statements, prepared once and run on the caller's handle (a transaction too). */
const statements = {
  make: sharedStatement((db) => makeQuery(db, false).prepare('study_make_progress')),
  makeCounting: sharedStatement((db) => makeQuery(db, true).prepare('study_make_progress_counting')),
  write: sharedStatement((db) => writeQuery(db, false).prepare('study_write_progress')),
  writeCounting: sharedStatement((db) => writeQuery(db, true).prepare('study_write_progress_counting')),
};

export async function runProgressWrite(
  db: Db,
  shape: ProgressShape,
  params: Record<string, unknown>,
): Promise<WrittenProgress | undefined> {
  const key = `${shape.kind}${shape.counting ? 'Counting' : ''}` as keyof typeof statements;
  const [written] = await statements[key](db).execute(params);
  return written;
}
