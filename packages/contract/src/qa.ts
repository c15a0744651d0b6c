import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zOptionalId } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** Limits of the questions-and-answers forms (SPEC §5: title and description required, with limits). */
export const QA_LIMITS = {
  title: 200,
  description: LIMITS.text,
  reply: LIMITS.text,
  /** Characters of the description shown in lists (and of a reply in a notification). */
  excerpt: 240,
} as const;

/** SPEC §3: a question is about a course, or about something else. */
export const QA_QUESTION_TYPES = ['COURSE', 'OTHER'] as const;
export type QaQuestionType = (typeof QA_QUESTION_TYPES)[number];

/** SPEC §3: the related topic (certificate, video and audio troubleshooting, download resources). */
export const QA_RELATED_TOPICS = ['CERTIFICATE', 'VIDEO_AUDIO', 'DOWNLOAD_RESOURCES'] as const;
export type QaRelatedTopic = (typeof QA_RELATED_TOPICS)[number];

/** List orders: newest first, most upvoted first, unanswered (no reply yet) first. */
export const QA_SORTS = ['newest', 'upvotes', 'unanswered'] as const;
export type QaSort = (typeof QA_SORTS)[number];

export const QA_MESSAGES = {
  questionNotFound: 'This question does not exist',
  replyNotFound: 'This reply does not exist',
  lessonNotInCourse: 'This lesson does not belong to the course',
  replyNotInQuestion: 'This reply does not belong to the question',
} as const;

/** "You do not have permission to …" completions (SPEC §6: Q&A edit and delete are restricted). */
export const QA_DENIED = {
  editQuestion: 'edit this question',
  deleteQuestion: 'delete this question',
  editReply: 'edit this reply',
  deleteReply: 'delete this reply',
  markSolved: 'mark this question solved',
} as const;

const blankToNull = (v: unknown) => (v === '' || v === 'null' || v === undefined ? null : v);

/** POST qa/questions, PUT qa/questions/{id}. A course question names its course (and may name a lesson). */
export const ZQaQuestionInput = z
  .object({
    title: zRequiredText(QA_LIMITS.title),
    description: zRequiredText(QA_LIMITS.description),
    type: z.enum(QA_QUESTION_TYPES, { error: MESSAGES.required }),
    relatedTopic: z.preprocess(blankToNull, z.enum(QA_RELATED_TOPICS).nullable()),
    courseId: zOptionalId,
    lessonId: zOptionalId,
  })
  .superRefine((value, ctx) => {
    if (value.type === 'COURSE' && !value.courseId) {
      ctx.addIssue({ code: 'custom', path: ['courseId'], message: MESSAGES.required });
    }
  });
export type TQaQuestionInput = z.input<typeof ZQaQuestionInput>;
export type TQaQuestionValues = z.output<typeof ZQaQuestionInput>;

/** POST qa/questions/{id}/replies, PUT qa/replies/{id}. */
export const ZQaReplyInput = z.object({ content: zRequiredText(QA_LIMITS.reply) });
export type TQaReplyInput = z.input<typeof ZQaReplyInput>;

/** PUT qa/questions/{id}/solved: solved or not, and optionally the reply that solved it. */
export const ZQaSolvedInput = z.object({
  solved: z.boolean(),
  replyId: zOptionalId.optional(),
});
export type TQaSolvedInput = z.input<typeof ZQaSolvedInput>;

const zFlag = z.enum(['true', 'false']).optional();
const zFilterId = z.preprocess(
  (v) => (v === '' || v === 'null' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** GET qa/questions: search `q`, filters, `sort` (newest, upvotes, unanswered), paging. */
export const ZQaQuestionListQuery = ZPageQuery.extend({
  sort: z.enum(QA_SORTS).optional(),
  type: z.enum(QA_QUESTION_TYPES).optional(),
  relatedTopic: z.enum(QA_RELATED_TOPICS).optional(),
  courseId: zFilterId,
  lessonId: zFilterId,
  solved: zFlag,
  /** Only the questions the caller asked. */
  mine: zFlag,
});
export type TQaQuestionListQuery = z.infer<typeof ZQaQuestionListQuery>;

/** Who wrote a question or reply; null when their account was deleted. */
export const ZQaPerson = z.object({
  id: z.number().int(),
  fullName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type TQaPerson = z.infer<typeof ZQaPerson>;

export const ZQaCourseRef = z.object({ id: z.number().int(), name: z.string() });
export const ZQaLessonRef = z.object({
  id: z.number().int(),
  name: z.string(),
  topicId: z.number().int(),
});

/** A question in lists. */
export const ZQaQuestionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The start of the description (plain text). */
  excerpt: z.string(),
  type: z.enum(QA_QUESTION_TYPES),
  relatedTopic: z.enum(QA_RELATED_TOPICS).nullable(),
  /** Null for other questions, and when the course or lesson was deleted. */
  course: ZQaCourseRef.nullable(),
  lesson: ZQaLessonRef.nullable(),
  author: ZQaPerson.nullable(),
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
  replyCount: z.number().int(),
  solved: z.boolean(),
  createdAt: z.string(),
  /** Set when the title or description changed after posting. */
  editedAt: z.string().nullable(),
  lastActivityAt: z.string(),
});
export type TQaQuestionSummary = z.infer<typeof ZQaQuestionSummary>;

export const ZQaReply = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  content: z.string(),
  author: ZQaPerson.nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The reply the asker (or a moderator) marked as the one that solved the question. */
  isSolution: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type TQaReply = z.infer<typeof ZQaReply>;

/** GET qa/questions/{id}: the question, its replies (oldest first) and what the caller may do. */
export const ZQaQuestionDetail = ZQaQuestionSummary.extend({
  description: z.string(),
  solvedReplyId: z.number().int().nullable(),
  replies: z.array(ZQaReply),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canMarkSolved: z.boolean(),
});
export type TQaQuestionDetail = z.infer<typeof ZQaQuestionDetail>;

/** POST qa/questions/{id}/upvote toggles the caller's upvote. */
export const ZQaUpvoteResult = z.object({ upvoted: z.boolean(), upvotes: z.number().int() });
export type TQaUpvoteResult = z.infer<typeof ZQaUpvoteResult>;

/** The subject of a question's notifications (POST notifications/read { subject } on its page). */
export const qaQuestionSubject = (questionId: number) => `qa-question:${questionId}`;
