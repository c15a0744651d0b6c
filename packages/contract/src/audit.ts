import { z } from 'zod';
import { ZPageQuery } from './common';
import { zDay } from './progress';

/**
 * The audit trail (issue 20): every management write, sign-in, access change and exam unlock
 * appends one event. Admins read it; nothing changes or deletes an event but the retention prune.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'access', 'unlock', 'sign-in'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A changed field: its value before and after (absent on a create or a delete). */
export const ZAuditChange = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });

export const ZAuditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorCode: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The route that made the change, e.g. "PUT /users/:id". */
  route: z.string().nullable(),
  changes: z.record(z.string(), ZAuditChange),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZAuditFilters = z.object({
  /** The actor's employee code (any case). */
  actor: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  entityType: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  entityId: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS).optional()),
  /** On or after this day (UTC). */
  from: zDay,
  /** On or before this day (UTC). */
  to: zDay,
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export const ZAuditEventQuery = ZAuditFilters.extend(ZPageQuery.pick({ page: true, size: true }).shape);
export type TAuditEventQuery = z.infer<typeof ZAuditEventQuery>;
