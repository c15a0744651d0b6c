import type { QaQuestionType, QaRelatedTopic } from '@academy/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { coursePage, featuredCourses } from '../modules/courses';
import { notifications } from '../modules/notifications/tables';
import { qaQuestions, qaReplies, qaUpvotes } from '../modules/qa/tables';
import { users } from '../modules/users/tables';
import type { Db } from '../platform/db/client';

type DemoReply = { by: string; text: string; solution?: boolean; hoursLater: number };
type DemoQuestion = {
  by: string;
  title: string;
  description: string;
  type: QaQuestionType;
  relatedTopic: QaRelatedTopic | null;
  /** Course name, and optionally the lesson's name in it. */
  course?: string;
  lesson?: string;
  daysAgo: number;
  upvotedBy: string[];
  replies: DemoReply[];
  solved?: boolean;
};

/** Learners' questions of the demo: answered, solved, unanswered, about lessons and not. */
const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    by: 'student',
    title: 'The video of “The first thirty seconds” freezes on the office Wi-Fi',
    description:
      'At about 0:45 the picture freezes but the sound goes on.\nIt happens in Chrome and Edge, on the office Wi-Fi only; at home it plays fine.\nAnyone else?',
    type: 'COURSE',
    relatedTopic: 'VIDEO_AUDIO',
    course: 'Customer care essentials',
    lesson: 'The first thirty seconds',
    daysAgo: 6,
    upvotedBy: ['E1002', 'E1003', 'E1005'],
    replies: [
      {
        by: 'E1002',
        text: 'Same here on the 3rd floor. Lowering the quality to 480p helped a bit.',
        hoursLater: 2,
      },
      {
        by: 'staff',
        text: 'The office network blocks some video servers. IT opened them this morning: reload the page and it should play through.\nIf it still freezes, tell us which floor you are on.',
        solution: true,
        hoursLater: 20,
      },
    ],
    solved: true,
  },
  {
    by: 'E1003',
    title: 'When do I get the certificate for Customer care essentials?',
    description:
      'I passed every lesson last week but I see no certificate yet. Is it sent by mail or shown somewhere in the academy?',
    type: 'OTHER',
    relatedTopic: 'CERTIFICATE',
    daysAgo: 4,
    upvotedBy: ['student', 'E1004', 'E1005', 'E1006', 'E1007'],
    replies: [
      {
        by: 'staff',
        text: 'Certificates appear under My progress once the whole course is passed, usually within a day. Check again tomorrow and reply here if it is still missing.',
        hoursLater: 5,
      },
    ],
  },
  {
    by: 'E1004',
    title: 'Where can I download the appointment checklist?',
    description:
      'The lesson mentions a checklist for the customer visit. Is it one of the lesson documents, or on the intranet?',
    type: 'COURSE',
    relatedTopic: 'DOWNLOAD_RESOURCES',
    course: 'Fibre installation basics',
    lesson: 'Preparing the appointment',
    daysAgo: 2,
    upvotedBy: ['E1006'],
    replies: [],
  },
  {
    by: 'student',
    title: 'Can I study on my phone?',
    description:
      'I travel a lot between stores. Does the study time count when I watch the lessons on my phone?\nI read https://www.example.com/mobile-learning but it is about another product.',
    type: 'OTHER',
    relatedTopic: null,
    daysAgo: 1,
    upvotedBy: ['E1002'],
    replies: [
      {
        by: 'E1002',
        text: 'Yes, I do most of mine on the bus. Keep the tab open while the video plays, otherwise the time stops counting.',
        hoursLater: 3,
      },
    ],
  },
  {
    by: 'E1005',
    title: 'Is there a test at the end of Selling mobile plans?',
    description: 'Each lesson has its own small exam; is there also a final one for the whole course?',
    type: 'COURSE',
    relatedTopic: null,
    course: 'Selling mobile plans',
    daysAgo: 0,
    upvotedBy: [],
    replies: [],
  },
];

/**
 * Demo questions and replies, written through the tables of this module; courses and lessons
 * are found through the courses service. Replies to the demo student's questions leave him
 * unread notifications, as a real reply would.
 */
export async function seedDemoQa(db: Db): Promise<void> {
  const codes = [
    ...new Set(DEMO_QUESTIONS.flatMap((q) => [q.by, ...q.upvotedBy, ...q.replies.map((r) => r.by)])),
  ];
  const people = await db
    .select({ id: users.id, code: users.employeeCode, name: users.fullName })
    .from(users)
    .where(inArray(users.employeeCode, codes));
  const userId = new Map(people.map((p) => [p.code, p.id]));
  const nameOf = (code: string) => people.find((p) => p.code === code)?.name ?? code;
  const idOf = (code: string) => {
    const id = userId.get(code);
    if (id === undefined) throw new Error(`demo user ${code} missing`);
    return id;
  };
  const courseByName = new Map((await featuredCourses(db, false)).map((c) => [c.name, c.id]));
  const now = Date.now();

  for (const q of DEMO_QUESTIONS) {
    const courseId = q.course ? (courseByName.get(q.course) ?? null) : null;
    let lessonId: number | null = null;
    if (courseId !== null && q.lesson) {
      const page = await coursePage(db, courseId);
      lessonId = page.topics.flatMap((t) => t.lessons).find((l) => l.name === q.lesson)?.id ?? null;
    }
    const askedAt = new Date(now - q.daysAgo * 86_400_000 - 3 * 3_600_000);
    const [question] = await db
      .insert(qaQuestions)
      .values({
        title: q.title,
        description: q.description,
        type: q.type,
        relatedTopic: q.relatedTopic,
        courseId,
        lessonId,
        authorId: idOf(q.by),
        createdAt: askedAt,
        lastActivityAt: askedAt,
      })
      .returning({ id: qaQuestions.id });
    if (!question) throw new Error('demo question insert failed');
    let solvedReplyId: number | null = null;
    let lastActivityAt = askedAt;
    for (const r of q.replies) {
      const at = new Date(askedAt.getTime() + r.hoursLater * 3_600_000);
      const [reply] = await db
        .insert(qaReplies)
        .values({ questionId: question.id, authorId: idOf(r.by), content: r.text, createdAt: at })
        .returning({ id: qaReplies.id });
      if (!reply) throw new Error('demo reply insert failed');
      if (r.solution) solvedReplyId = reply.id;
      if (at > lastActivityAt) lastActivityAt = at;
      if (r.by !== q.by) {
        await db.insert(notifications).values({
          userId: idOf(q.by),
          kind: 'QA_REPLY',
          key: `qa-reply:${reply.id}`,
          subject: `qa-question:${question.id}`,
          url: `/training-academy/qa/${question.id}`,
          params: { title: q.title, excerpt: r.text.slice(0, 160), name: nameOf(r.by) },
          actorId: idOf(r.by),
          createdAt: at,
          deliveredAt: at,
          inApp: true,
          // The asker has read the replies of a question they marked solved.
          readAt: q.solved ? at : null,
        });
      }
    }
    if (q.upvotedBy.length) {
      await db
        .insert(qaUpvotes)
        .values(q.upvotedBy.map((code) => ({ questionId: question.id, userId: idOf(code) })));
    }
    await db
      .update(qaQuestions)
      .set({
        replyCount: q.replies.length,
        upvoteCount: sql`(select count(*)::int from ${qaUpvotes} where ${qaUpvotes.questionId} = ${question.id})`,
        solved: q.solved ?? false,
        solvedReplyId,
        lastActivityAt,
      })
      .where(eq(qaQuestions.id, question.id));
  }
}
