import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StoredImage } from '../../platform/images/responsive';
import { services } from '../org/tables';
import { users } from '../users/tables';

/** A news category (SPEC §3: id, name); names are unique whatever their case. */
export const newsCategories = pgTable(
  'news_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A news article of one service, in one category. `content` is sanitised HTML. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull(),
    content: text('content').notNull(),
    /** The picture in every stored width (see platform/images). */
    image: jsonb('image').$type<StoredImage>(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    hiddenFromHome: boolean('hidden_from_home').notNull().default(false),
    outstanding: boolean('outstanding').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // searchnews?tradeMarkId=&categoryNewsId= sorted by id desc, and related news.
    index('news_service_category_id_idx').on(t.serviceId, t.categoryId, t.id),
    index('news_category_id_idx').on(t.categoryId, t.id),
    // Related news of the same service, newest first.
    index('news_service_id_idx').on(t.serviceId, t.id),
    // searchnews?q=: `lower(title) like '%q%'` through trigrams (pg_trgm, created by migration 0009).
    index('news_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // outstandingnews: outstanding and shown on the home page, newest first.
    index('news_home_outstanding_idx').on(t.id).where(sql`${t.outstanding} and not ${t.hiddenFromHome}`),
  ],
);
