import { NOTIFICATION_KINDS, type TNotificationParams } from '@academy/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

const kindCheck = (column: AnyPgColumn) =>
  sql`${column} IN (${sql.raw(NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', '))})`;

/**
 * A notification to one person. Written by `notify` inside the transaction of what caused it,
 * once per (user, key): the key names the cause ("certificate:12", "qa-reply:40"), so a cause
 * repeated (an event handled twice, a retried request) adds nothing. Delivered afterwards by the
 * job queue (`delivered_at`): the delivery reads the person's choice of in-app and mail for the
 * kind, and claims the row first, so a job that runs twice delivers once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    key: varchar('key', { length: 160 }).notNull(),
    /** What it is about, for "mark read those about this" (a question's page: `qa-question:7`). */
    subject: varchar('subject', { length: 64 }),
    /** The web app's path to open. */
    url: text('url').notNull(),
    /** The words of the sentence (names, titles, codes), kept as they were when it happened. */
    params: jsonb('params').$type<TNotificationParams>().notNull().default({}),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a delivery job was last queued for it (the sweep queues again after a while). */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** Claimed by a delivery job: shown in the product from then on when `in_app`. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    inApp: boolean('in_app').notNull().default(false),
    /** null: no mail wanted; SENT, FAILED (logged; not retried, so never sent twice). */
    mailState: varchar('mail_state', { length: 8 }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_key_uq').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id.desc()).where(sql`${t.inApp}`),
    index('notifications_unread_idx').on(t.userId, t.subject).where(sql`${t.inApp} AND ${t.readAt} IS NULL`),
    index('notifications_undelivered_idx').on(t.id).where(sql`${t.deliveredAt} IS NULL`),
    // A question or a reply deleted takes its notifications along (forgetNotifications).
    index('notifications_subject_idx').on(t.subject),
    index('notifications_actor_idx').on(t.actorId),
    check('notifications_kind_check', kindCheck(t.kind)),
    check(
      'notifications_mail_state_check',
      sql`${t.mailState} IS NULL OR ${t.mailState} IN ('SENT', 'FAILED')`,
    ),
  ],
);

/** A person's choice for one kind (no row: NOTIFICATION_DEFAULTS). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    inApp: boolean('in_app').notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pk', columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', kindCheck(t.kind)),
  ],
);
