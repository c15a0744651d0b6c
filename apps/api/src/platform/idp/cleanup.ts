import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { pruneSignInFailures } from './rate-limit';
import { oidcPayloads } from './tables';

const EVERY_MS = 10 * 60 * 1000;

/** Deletes expired provider records and sign-in failures that no longer count. Both indexed. */
export async function cleanupIdpStorage(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
  await pruneSignInFailures(db);
}

/** Runs the cleanup every ten minutes while the app is up; it never keeps the process alive. */
export function scheduleIdpCleanup(app: FastifyInstance, db: Db): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = cleanupIdpStorage(db)
      .catch((err: unknown) => app.log.warn({ err }, 'idp cleanup failed'))
      .finally(() => {
        running = undefined;
      });
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
