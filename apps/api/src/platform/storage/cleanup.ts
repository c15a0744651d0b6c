import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { retryFailedDeletions } from './journal';

export const STORAGE_CLEANUP_QUEUE = 'storage-cleanup';

/** How often the workers queue a cleanup run. */
const CLEANUP_EVERY_MS = 6 * 3600 * 1000;

/** A write that has not finished after this long was abandoned (its process died). */
export const UNFINISHED_WRITE_MS = 24 * 3600 * 1000;

/** A module's own sweep of storage: removes what it knows to be orphaned; returns what it removed. */
export type StorageSweep = (now: Date) => Promise<Record<string, number>>;

export type CleanupReport = Record<string, number | null>;

/**
 * One cleanup run: journaled deletions are retried, unfinished writes (half-written temporary
 * files, incomplete multipart uploads) older than a day are removed, then each module sweeps
 * what it owns (media: abandoned tus uploads and the objects of refused videos).
 */
export async function runStorageCleanup(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  sweeps: StorageSweep[],
  now: Date = new Date(),
): Promise<CleanupReport> {
  const report: CleanupReport = {
    deletionsRetried: await retryFailedDeletions(ctx.db, ctx.storage),
    unfinishedWrites: await ctx.storage.removeUnfinishedWrites(new Date(now.getTime() - UNFINISHED_WRITE_MS)),
  };
  for (const sweep of sweeps) Object.assign(report, await sweep(now));
  return report;
}

/**
 * The storage cleanup job (pg-boss queue `storage-cleanup`): queued when workers start and every
 * six hours after; a failed run (storage still down) is logged with its cause and retried by
 * pg-boss.
 */
export function scheduleStorageCleanup(
  ctx: AppContext,
  log: FastifyBaseLogger,
  sweeps: StorageSweep[],
): void {
  ctx.jobs.define(
    STORAGE_CLEANUP_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 3600 },
    async () => {
      const report = await runStorageCleanup(ctx, sweeps);
      log.info({ storageCleanup: report }, 'storage cleanup done');
    },
  );
  ctx.jobs.onWorkersStart(async () => {
    await ctx.jobs.send(STORAGE_CLEANUP_QUEUE, {});
  }, CLEANUP_EVERY_MS);
}
