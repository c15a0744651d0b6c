import type { AuditAction } from '@academy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from './access';

/** One event of the audit trail, as the audit module stores it. */
export type AuditEntry = {
  actorId: number | null;
  actorCode: string | null;
  ip: string | null;
  requestId: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  route: string | null;
  changes: Record<string, { before?: unknown; after?: unknown }>;
};

/** What a route handler adds to its request's event: the entity and its state before and after. */
export type AuditNote = {
  action?: AuditAction;
  entityType?: string;
  entityId?: string | number;
  before?: object | null;
  after?: object | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides for the event of this route's writes (or false: the route records its own). */
    audit?: { action?: AuditAction; entityType?: string } | false;
  }
  interface FastifyRequest {
    auditNote: AuditNote | undefined;
    /** A write that changed several entities (a bulk action): one event each. */
    auditNotes: AuditNote[] | undefined;
  }
}

/** Fields whose values never reach the trail, whatever entity they belong to. */
const SECRET = /password|secret|token|hash|answer|correct/i;

const ACTION_OF_METHOD: Record<string, AuditAction> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** The changed fields of an entity (both states given), or every field of the one state given. */
export function changesBetween(
  before: object | null | undefined,
  after: object | null | undefined,
): AuditEntry['changes'] {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const changes: AuditEntry['changes'] = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (SECRET.test(field)) continue;
    const [old, now] = [was[field], is[field]];
    if (before && after && JSON.stringify(old) === JSON.stringify(now)) continue;
    changes[field] = {
      ...(before && old !== undefined ? { before: old } : {}),
      ...(after && now !== undefined ? { after: now } : {}),
    };
  }
  return changes;
}

/** Adds the entity and its before/after states to the event this request will record. */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}

/** A write that changed several entities records one event for each of them. */
export function noteAuditEach(request: FastifyRequest, notes: AuditNote[]): void {
  request.auditNotes = notes;
}

function isManagementWrite(request: FastifyRequest): boolean {
  const access = request.routeOptions.config?.access;
  if (!access || !('permission' in access || 'admin' in access)) return false;
  return request.method in ACTION_OF_METHOD && request.routeOptions.config.audit !== false;
}

/** The id a create answered with, when the answer is a JSON object with one. */
function createdId(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  const match = /^\{"id":(\d+)[,}]/.exec(payload);
  return match?.[1];
}

/**
 * Records every successful management write (a route guarded by a permission key or admin-only,
 * with POST, PUT, PATCH or DELETE) before its answer leaves, so an acknowledged change always has
 * its event. Handlers add the entity's states with `noteAudit`; without them the event holds the
 * route, the entity id and the (non-secret) fields of a JSON body.
 */
export function registerAuditTrail(
  app: FastifyInstance,
  append: (entries: AuditEntry[]) => Promise<void>,
): void {
  app.decorateRequest('auditNote', undefined);
  app.decorateRequest('auditNotes', undefined);
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !isManagementWrite(request)) return payload;
    const overrides = request.routeOptions.config.audit || {};
    const url = request.routeOptions.url ?? '';
    const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url;
    const params = request.params as Record<string, unknown> | undefined;
    const body = request.body && typeof request.body === 'object' ? request.body : undefined;
    const notes = request.auditNotes ?? [request.auditNote ?? {}];
    const entries = notes.map((note): AuditEntry => {
      const entityId = note.entityId ?? (params?.id as string | number | undefined) ?? createdId(payload);
      return {
        actorId: request.principal?.id ?? null,
        actorCode: request.principal?.employeeCode ?? null,
        ip: request.ip ?? null,
        requestId: String(request.id),
        action: note.action ?? overrides.action ?? ACTION_OF_METHOD[request.method] ?? 'update',
        entityType: note.entityType ?? overrides.entityType ?? path.split('/')[1] ?? 'unknown',
        entityId: entityId === undefined ? null : String(entityId),
        route: `${request.method} ${path}`,
        changes:
          note.before !== undefined || note.after !== undefined
            ? changesBetween(note.before, note.after)
            : changesBetween(undefined, body),
      };
    });
    await append(entries);
    return payload;
  });
}
