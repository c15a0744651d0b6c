import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { branches, services } from '../org/tables';

/** A named role created by admins, tied to a branch or a service, holding permission keys. */
export const authorizations = pgTable(
  'authorizations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    serviceId: integer('service_id').references(() => services.id),
    branchId: integer('branch_id').references(() => branches.id),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('authorizations_service_id_idx').on(t.serviceId),
    index('authorizations_branch_id_idx').on(t.branchId),
    check('authorizations_scope_check', sql`${t.serviceId} IS NOT NULL OR ${t.branchId} IS NOT NULL`),
  ],
);
