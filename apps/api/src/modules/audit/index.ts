import type { AppContext } from '../../platform/context';
import type { AuditEntry } from '../../platform/http/audit-trail';
import type { IdpAccounts } from '../../platform/idp/accounts';
import { appendAuditEvents, pruneAuditEvents } from './service';

export { auditRoutes } from './routes';

/** How often the retention prune runs. */
const PRUNE_EVERY_MS = 6 * 60 * 60_000;

/**
 * The audit module: stores the events the audit trail (platform/http/audit-trail.ts) records, and
 * prunes those older than AUDIT_RETENTION_DAYS in the background.
 */
export function createAudit(ctx: AppContext): { append: (entries: AuditEntry[]) => Promise<void> } {
  ctx.jobs.onWorkersStart(async () => {
    await pruneAuditEvents(ctx.db, ctx.config.auditRetentionDays);
  }, PRUNE_EVERY_MS);
  return { append: (entries) => appendAuditEvents(ctx.db, entries) };
}

/** The accounts the provider signs in with, each successful sign-in also an audit event. */
export function auditedSignIns<T extends Pick<IdpAccounts, 'recordLogin'>>(
  accounts: T,
  append: (entries: AuditEntry[]) => Promise<void>,
): T {
  return {
    ...accounts,
    recordLogin: async (user, ip, userAgent) => {
      await accounts.recordLogin(user, ip, userAgent);
      await append([
        {
          actorId: user.id,
          actorCode: user.employeeCode,
          ip: ip ?? null,
          requestId: null,
          action: 'sign-in',
          entityType: 'users',
          entityId: String(user.id),
          route: null,
          changes: {},
        },
      ]);
    },
  };
}
