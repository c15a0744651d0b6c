import type { AppContext } from '../../platform/context';
import type { AuditEntry } from '../../platform/http/audit-trail';
import { appendAuditEvent, pruneAuditEvents } from './service';

export { auditRoutes } from './routes';

/** How often the retention prune runs. */
const PRUNE_EVERY_MS = 6 * 60 * 60_000;

/**
 * The audit module: stores the events the audit trail (platform/http/audit-trail.ts) records, and
 * prunes those older than AUDIT_RETENTION_DAYS in the background.
 */
export function createAudit(ctx: AppContext): { append: (entry: AuditEntry) => Promise<void> } {
  ctx.jobs.onWorkersStart(async () => {
    await pruneAuditEvents(ctx.db, ctx.config.auditRetentionDays);
  }, PRUNE_EVERY_MS);
  return { append: (entry) => appendAuditEvent(ctx.db, entry) };
}
