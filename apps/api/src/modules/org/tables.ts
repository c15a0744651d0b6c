import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Services are the operator's trademarks (brands). */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  imageUrl: text('image_url'),
  websiteUrl: text('website_url'),
  showOnHome: boolean('show_on_home').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    logoUrl: text('logo_url'),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('branches_service_id_idx').on(t.serviceId)],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('departments_branch_id_idx').on(t.branchId),
    index('departments_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);
