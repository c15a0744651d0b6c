import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { branches } from '../org/tables';
import { users } from '../users/tables';

/** A job post. `endAt` null means indefinite; a post is open while `endAt` is ahead. */
export const recruitmentPosts = pgTable(
  'recruitment_posts',
  {
    id: serial('id').primaryKey(),
    vacancy: varchar('vacancy', { length: 255 }).notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    endAt: timestamp('end_at', { withTimezone: true }),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    workForm: varchar('work_form', { length: 16 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull().default('ALL'),
    quantity: integer('quantity').notNull(),
    degree: varchar('degree', { length: 255 }),
    experience: varchar('experience', { length: 255 }),
    rank: varchar('rank', { length: 255 }),
    workplace: varchar('workplace', { length: 255 }),
    address: varchar('address', { length: 255 }),
    jobDescription: text('job_description').notNull(),
    requirements: text('requirements'),
    benefits: text('benefits'),
    hrPolicy: text('hr_policy'),
    /** Public image under /files. */
    bannerUrl: text('banner_url'),
    /** The blank application form: a storage key served by recruitment/{id}/application-form. */
    applicationFormKey: text('application_form_key'),
    applicationFormName: varchar('application_form_name', { length: 255 }),
    applicationFormSize: integer('application_form_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruitment_posts_branch_id_idx').on(t.branchId),
    index('recruitment_posts_end_at_idx').on(t.endAt),
    // The search box (issue 22): vacancies by substring and trigram word similarity.
    index('recruitment_posts_vacancy_trgm_idx').using('gin', sql`lower(${t.vacancy}) gin_trgm_ops`),
  ],
);

/**
 * A candidate's application to one post. The CV and the filled form live in storage under keys
 * that are never sent to clients; only RECRUITMENT_MANAGEMENT holders download them.
 */
export const recruitmentApplications = pgTable(
  'recruitment_applications',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => recruitmentPosts.id, { onDelete: 'cascade' }),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    message: text('message'),
    cvKey: text('cv_key').notNull(),
    cvName: varchar('cv_name', { length: 255 }).notNull(),
    cvSize: integer('cv_size').notNull(),
    formKey: text('form_key'),
    formName: varchar('form_name', { length: 255 }),
    formSize: integer('form_size'),
    formContentType: varchar('form_content_type', { length: 128 }),
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per email and post; also the lookup path of a post's applications.
    uniqueIndex('recruitment_applications_post_email_uq').on(t.postId, sql`lower(${t.email})`),
    index('recruitment_applications_post_id_idx').on(t.postId, t.id),
    index('recruitment_applications_reviewed_by_idx').on(t.reviewedById),
  ],
);
