import type { TCertificateLayout } from '@academy/contract';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from '../courses/tables';
import { users } from '../users/tables';

/**
 * A certificate template: a one-page PDF and where the texts go on it. The PDF is stored under
 * an unguessable key that is never sent to clients (staff fetch it through the API).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    templateKey: text('template_key').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    pageWidth: real('page_width').notNull(),
    pageHeight: real('page_height').notNull(),
    layout: jsonb('layout').$type<TCertificateLayout>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificates_name_lower_idx').on(sql`lower(${t.name})`)],
);

/**
 * A certificate issued to one learner for one course: at most one per learner, course and cycle
 * (the unique index is what makes issuing once safe under concurrent completions; a
 * recertification starts cycle 2, 3…: decision 105). The texts and the expiry are kept as issued,
 * so renaming the course or the learner, or changing the course's validity, later changes nothing
 * on it. The PDF is rendered by a job after issuing (`file_key` null until then).
 */
export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the course is deleted: the certificate stays valid. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    courseName: varchar('course_name', { length: 255 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The learner's cycle of the course it was earned in (decision 105). */
    cycle: integer('cycle').notNull().default(1),
    /** The last moment it is valid: the end of its expiry day in TIME_ZONE (decision 104); null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When its holder's next cycle was opened from it (recertification, decision 105); null: not yet. */
    renewalOpenedAt: timestamp('renewal_opened_at', { withTimezone: true }),
    fileKey: text('file_key'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    /** When a render job was last queued (the sweep re-queues one that seems lost). */
    renderQueuedAt: timestamp('render_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issued_certificates_user_course_cycle_uq').on(t.userId, t.courseId, t.cycle),
    uniqueIndex('issued_certificates_code_uq').on(t.code),
    index('issued_certificates_certificate_id_idx').on(t.certificateId),
    index('issued_certificates_course_id_idx').on(t.courseId),
    index('issued_certificates_pending_idx').on(t.id).where(sql`${t.fileKey} IS NULL`),
    // The recertification job's scan: expiring certificates whose next cycle is not open yet.
    index('issued_certificates_renewal_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL AND ${t.renewalOpenedAt} IS NULL`),
  ],
);
