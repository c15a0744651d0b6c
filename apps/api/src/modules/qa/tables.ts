import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses, lessons } from '../courses/tables';
import { users } from '../users/tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A learner's question (SPEC §3 Q&A question). `upvote_count` and `reply_count` are kept in the
 * same transaction as the rows they count (see service.ts). The author, course and lesson become
 * null when those are deleted: the question and its answers stay useful to others.
 */
export const qaQuestions = pgTable(
  'qa_questions',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Plain text with line breaks; links are made clickable when shown, never stored as HTML. */
    description: varchar('description', { length: 4000 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    relatedTopic: varchar('related_topic', { length: 32 }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    upvoteCount: integer('upvote_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    solved: boolean('solved').notNull().default(false),
    /** The reply that solved it (no foreign key: qa_replies points here; cleared when it is deleted). */
    solvedReplyId: integer('solved_reply_id'),
    /** Words of the title and description for the search box. */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple'::regconfig, ${qaQuestions.title} || ' ' || ${qaQuestions.description})`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Creation or the latest reply. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first is the primary key backwards; these serve the other orders and the filters.
    index('qa_questions_upvotes_idx').on(t.upvoteCount.desc(), t.id.desc()),
    index('qa_questions_unanswered_idx').on(sql`(${t.replyCount} > 0)`, t.id.desc()),
    index('qa_questions_course_idx').on(t.courseId, t.id),
    index('qa_questions_lesson_idx').on(t.lessonId, t.id),
    index('qa_questions_author_idx').on(t.authorId, t.id),
    index('qa_questions_search_idx').using('gin', t.search),
    // The header's search box (issue 22): titles by substring and trigram word similarity.
    index('qa_questions_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('qa_questions_type_check', sql`${t.type} IN ('COURSE', 'OTHER')`),
    check(
      'qa_questions_topic_check',
      sql`${t.relatedTopic} IS NULL OR ${t.relatedTopic} IN ('CERTIFICATE', 'VIDEO_AUDIO', 'DOWNLOAD_RESOURCES')`,
    ),
    check('qa_questions_counts_check', sql`${t.upvoteCount} >= 0 AND ${t.replyCount} >= 0`),
  ],
);

/** A reply to a question (SPEC §3 Reply: content). */
export const qaReplies = pgTable(
  'qa_replies',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: varchar('content', { length: 4000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('qa_replies_question_idx').on(t.questionId, t.id),
    // Deleting an account clears its authorship.
    index('qa_replies_author_idx').on(t.authorId),
  ],
);

/** One learner's upvote of one question (SPEC §4: toggled). The primary key makes it one per learner. */
export const qaUpvotes = pgTable(
  'qa_upvotes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'qa_upvotes_pk', columns: [t.questionId, t.userId] }),
    index('qa_upvotes_user_idx').on(t.userId, t.questionId),
  ],
);
