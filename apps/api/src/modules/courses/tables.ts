import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { services } from '../org/tables';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A course of one service (trademark): topics of lessons. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    imageUrl: text('image_url'),
    requirements: text('requirements'),
    /** Topics and lessons open one after the other (false: every topic open). */
    ordered: boolean('ordered').notNull().default(true),
    mustCompleteBeforeNext: boolean('must_complete_before_next').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    /** Certificates come later: a plain column until then. */
    certificateId: integer('certificate_id'),
    /** Months its certificate is valid (decision 104); null: it never expires. */
    certificateValidityMonths: integer('certificate_validity_months'),
    /** Days before a certificate expires when its holder's next cycle opens (decision 105). */
    recertificationWindowDays: integer('recertification_window_days').notNull().default(30),
    position: integer('position').notNull().default(0),
    /** Kept by the courses module whenever topics or lessons change (refreshCourseCounts). */
    topicCount: integer('topic_count').notNull().default(0),
    lessonCount: integer('lesson_count').notNull().default(0),
    totalStudyMinutes: integer('total_study_minutes').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('courses_service_id_idx').on(t.serviceId, t.position),
    index('courses_position_idx').on(t.position, t.id),
    index('courses_featured_idx').on(t.position, t.id).where(sql`${t.featured}`),
    check(
      'courses_certificate_validity_check',
      sql`${t.certificateValidityMonths} is null or ${t.certificateValidityMonths} between 1 and 120`,
    ),
    check('courses_recertification_window_check', sql`${t.recertificationWindowDays} between 0 and 365`),
    // The search box (issue 22): substring and trigram word similarity (platform/db/fuzzy.ts).
    index('courses_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('topics_course_id_idx').on(t.courseId, t.position)],
);

/**
 * A lesson of a topic. `course_id` repeats the topic's course (a topic never changes course) so
 * that a course's lessons are read with one index.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    position: integer('position').notNull().default(0),
    videoKind: varchar('video_kind', { length: 16 }).notNull().default('youtube'),
    videoUrl: text('video_url').notNull(),
    videoDurationSeconds: integer('video_duration_seconds'),
    minStudyMinutes: integer('min_study_minutes').notNull().default(0),
    requiredCorrectAnswers: integer('required_correct_answers').notNull().default(0),
    examTimeLimitMinutes: integer('exam_time_limit_minutes').notNull().default(15),
    /** Failed attempts before the exam locks; 0 = never. */
    maxFailedAttempts: integer('max_failed_attempts').notNull().default(3),
    /** Kept by the exams module: with 0 questions the lesson passes on study time alone. */
    examQuestionCount: integer('exam_question_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('lessons_topic_id_idx').on(t.topicId, t.position),
    index('lessons_course_id_idx').on(t.courseId),
    index('lessons_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('lessons_video_kind_check', sql`${t.videoKind} IN ('youtube', 'upload', 'scorm', 'cmi5')`),
    check('lessons_min_study_check', sql`${t.minStudyMinutes} >= 0`),
    check('lessons_exam_time_check', sql`${t.examTimeLimitMinutes} > 0`),
    check('lessons_counts_check', sql`${t.requiredCorrectAnswers} >= 0 AND ${t.maxFailedAttempts} >= 0`),
  ],
);

/** Files attached to a lesson. Served only through /get/documents/{id}, never by their key. */
export const lessonDocuments = pgTable(
  'lesson_documents',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_documents_lesson_id_idx').on(t.lessonId),
    index('lesson_documents_name_trgm_idx').using('gin', sql`lower(${t.originalName}) gin_trgm_ops`),
  ],
);
