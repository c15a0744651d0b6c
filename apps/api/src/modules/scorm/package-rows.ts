import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';

/**
 * A lesson's package table (one row a lesson, keyed by a uuid) and its files' table (one row a
 * stored file, pointing at the package): SCORM's packages, cmi5's courses.
 */
export type LessonPackageTables = {
  packages: PgTable & { id: PgColumn; lessonId: PgColumn };
  files: PgTable & { storageKey: PgColumn };
  /** The files' column holding their package's id. */
  fileOwner: PgColumn;
};

/**
 * Inside `tx`: the lesson's package row locked and deleted (its file rows go with it); answers
 * the storage keys of its files, to delete once the transaction committed, or null when the
 * lesson had no package.
 */
export async function takeOutLessonPackage(
  tx: Db,
  { packages, files, fileOwner }: LessonPackageTables,
  lessonId: number,
): Promise<string[] | null> {
  const [row] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(eq(packages.lessonId, lessonId))
    .for('update');
  if (!row) return null;
  const keys = await tx.select({ key: files.storageKey }).from(files).where(eq(fileOwner, row.id));
  await tx.delete(packages).where(eq(packages.id, row.id));
  return keys.map((f) => String(f.key));
}
