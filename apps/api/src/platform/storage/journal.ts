import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storageDeletions } from './tables';
import type { DeletionJournal, Storage } from './types';

/** The deletion journal of the app's storage: a failed deletion becomes a row to retry. */
export function deletionJournal(db: Db): DeletionJournal {
  return async (key, err) => {
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    await db
      .insert(storageDeletions)
      .values({ key, lastError })
      .onConflictDoUpdate({
        target: storageDeletions.key,
        set: { attempts: sql`${storageDeletions.attempts} + 1`, failedAt: new Date(), lastError },
      });
  };
}

/** How many journaled deletions one cleanup run retries. */
const BATCH = 500;

/** Retries the journaled deletions; the ones that succeed leave the journal. Returns how many did. */
export async function retryFailedDeletions(db: Db, storage: Storage): Promise<number> {
  const rows = await db
    .select({ key: storageDeletions.key })
    .from(storageDeletions)
    .orderBy(asc(storageDeletions.failedAt))
    .limit(BATCH);
  let done = 0;
  for (const { key } of rows) {
    // A failure journals the key again (attempts + 1) and stops this run: storage is still down.
    await storage.delete(key);
    await db.delete(storageDeletions).where(eq(storageDeletions.key, key));
    done += 1;
  }
  return done;
}
