import type { TestApp } from '../../../test/harness';
import { createMailer } from '../../platform/mail';
import { claimUndelivered, type DeliveryDeps, deliverNotification } from './deliver';

/** For tests: the delivery the job queue would do, now (the app's mailer writes to its outbox). */
export function deliveryDeps(t: TestApp): DeliveryDeps {
  return {
    db: t.database.db,
    mailer: createMailer(t.config, t.app.log),
    log: t.app.log,
  };
}

/** Delivers every notification waiting for delivery, as the sweep and its jobs would. */
export async function deliverPending(t: TestApp): Promise<number> {
  const deps = deliveryDeps(t);
  const ids = await claimUndelivered(deps.db, new Date(), 0);
  for (const id of ids) await deliverNotification(deps, id);
  return ids.length;
}
