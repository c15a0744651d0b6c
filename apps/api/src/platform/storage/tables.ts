import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Stored files whose deletion failed (storage was down): the storage cleanup job deletes them
 * later, so a failed write or a refused upload leaves no orphan behind.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
  },
  // The cleanup job retries the oldest first.
  (t) => [index('storage_deletions_failed_at_idx').on(t.failedAt)],
);
