import type { LessonStatus, TPackageResult } from '@academy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { cmi5ResultRows, hasCmi5ResultsSql } from '../cmi5';
import { hasScormResultsSql, scormResultRows } from '../scorm';
import { iso, rowsOf } from './report';

/**
 * SCORM and cmi5 lessons in the reports (issue 25, point 5): each module answers its lessons'
 * standing as rows of the same columns (its query piece decides passed and failed), which the
 * progress detail, My progress and the export's second sheet show.
 */

/** Every package lesson of the learners of `learners` (a CTE with an `id` column), as one relation. */
export function packageResultRows(learners: string): SQL {
  return sql`(${scormResultRows(learners)}) union all (${cmi5ResultRows(learners)})`;
}

/** Whether the learner `userId` launched any package lesson. */
export function hasPackageResultsSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`(${hasScormResultsSql(userId)} or ${hasCmi5ResultsSql(userId)})`;
}

export type RawPackageRow = {
  user_id: number;
  lesson_id: number;
  course_id: number;
  kind: string;
  status: string;
  score_percent: number | null;
  total_seconds: number;
  attempts: number;
  max_attempts: number | null;
  last_at: string | Date | null;
};

export function toPackageResult(raw: RawPackageRow): TPackageResult {
  return {
    kind: raw.kind === 'cmi5' ? 'cmi5' : 'scorm',
    status: raw.status as LessonStatus,
    scorePercent: raw.score_percent === null ? null : Number(raw.score_percent),
    totalSeconds: Math.round(Number(raw.total_seconds)),
    attempts: Number(raw.attempts),
    maxAttempts: raw.max_attempts === null ? null : Number(raw.max_attempts),
    lastAt: iso(raw.last_at),
  };
}

/** One learner's package lessons by lesson id. One statement. */
export async function learnerPackageResults(db: Db, userId: number): Promise<Map<number, TPackageResult>> {
  const result = await db.execute(sql`
    with package_learners as (select ${userId}::int as id)
    ${packageResultRows('package_learners')}`);
  return new Map(rowsOf<RawPackageRow>(result).map((r) => [Number(r.lesson_id), toPackageResult(r)]));
}
