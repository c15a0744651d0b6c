import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per management write, sign-in, access change or exam unlock. Rows are
 * never updated; only the retention prune deletes them (a trigger refuses anything else, migration
 * 0012). The actor is kept by id and employee code without a foreign key, so an event outlives
 * the user who made it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorCode: varchar('actor_code', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 128 }),
    action: varchar('action', { length: 16 }).notNull(),
    entityType: varchar('entity_type', { length: 64 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    route: varchar('route', { length: 200 }),
    changes: jsonb('changes').$type<Record<string, { before?: unknown; after?: unknown }>>().notNull(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_at_idx').on(sql`lower(${t.actorCode})`, t.at),
    index('audit_events_entity_at_idx').on(t.entityType, t.entityId, t.at),
    index('audit_events_action_at_idx').on(t.action, t.at),
  ],
);
