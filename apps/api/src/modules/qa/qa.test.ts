import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  forbiddenMessage,
  MESSAGES,
  QA_DENIED,
  QA_MESSAGES,
  qaQuestionSubject,
  type TCoursePage,
  type TNotification,
  type TQaQuestionDetail,
  type TQaQuestionSummary,
  type TQaReply,
  type TQaUpvoteResult,
} from '@academy/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { type ApiClient, apiClient, clientFor } from '../../../test/client';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { notifications } from '../notifications/tables';
import { deliverPending } from '../notifications/testing';
import { hashPassword } from '../users/passwords';
import { users } from '../users/tables';
import { qaQuestions, qaReplies, qaUpvotes } from './tables';

let t: TestApp;
let admin: ApiClient;
/** The demo "Content editor": COURSE_MANAGEMENT, so a moderator of course questions. */
let staff: ApiClient;
let asker: ApiClient;
let other: ApiClient;
let anonymous: ApiClient;
let outbox: string;
let course: TCoursePage;
let otherCourse: TCoursePage;
let lessonId: number;

/**
 * A password hash with a light scrypt cost (the cost travels with the hash, so sign-in verifies it
 * as usual): signing 50 voters in with the production cost takes most of a loaded test machine.
 */
function lightHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const firstLesson = (page: TCoursePage) => {
  const lesson = page.topics.flatMap((topic) => topic.lessons)[0];
  if (!lesson) throw new Error(`course ${page.id} has no lesson`);
  return lesson;
};

beforeAll(async () => {
  const dataDir = await tempDataDir();
  outbox = path.join(dataDir, 'outbox');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  asker = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  other = await clientAs(t.app, 'E1002');
  anonymous = apiClient(t.app, undefined);
  const all = await anonymous.get('course');
  const [first, second] = all.json().data.content as { id: number }[];
  course = (await anonymous.get(`courses/${first?.id}`)).json();
  otherCourse = (await anonymous.get(`courses/${second?.id}`)).json();
  lessonId = firstLesson(course).id;
});
afterAll(() => t.close());

const validQuestion = (fields: Record<string, unknown> = {}) => ({
  title: 'The video of lesson one stops after a minute',
  description: 'It stops at 1:02 every time.\nI tried two browsers: https://example.com/help',
  type: 'COURSE',
  relatedTopic: 'VIDEO_AUDIO',
  courseId: course.id,
  lessonId,
  ...fields,
});

async function ask(client: ApiClient, fields: Record<string, unknown> = {}): Promise<TQaQuestionDetail> {
  const res = await client.post('qa/questions', validQuestion(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function reply(client: ApiClient, questionId: number, content = 'Clear the cache, then reload.') {
  const res = await client.post(`qa/questions/${questionId}/replies`, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TQaReply;
}

async function detail(client: ApiClient, id: number): Promise<TQaQuestionDetail> {
  const res = await client.get(`qa/questions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('demo data', () => {
  it('has answered, solved and unanswered questions, and replies the demo student has not read', async () => {
    const res = await asker.get('qa/questions?size=100');
    const demo = res.json() as TQaQuestionSummary[];
    expect(demo.length).toBeGreaterThanOrEqual(5);
    expect(demo.some((q) => q.solved && q.lesson !== null)).toBe(true);
    expect(demo.some((q) => q.replyCount === 0)).toBe(true);
    for (const q of demo) {
      const rows = await t.database.db.select().from(qaUpvotes).where(eq(qaUpvotes.questionId, q.id));
      expect(q.upvotes).toBe(rows.length);
    }
    expect((await asker.get('notifications/unread-count')).json().unread).toBeGreaterThan(0);
  });
});

describe('asking', () => {
  it('stores a question about a lesson and shows it with its course, lesson, asker and counts', async () => {
    const created = await ask(asker);
    expect(created).toMatchObject({
      title: 'The video of lesson one stops after a minute',
      description: 'It stops at 1:02 every time.\nI tried two browsers: https://example.com/help',
      type: 'COURSE',
      relatedTopic: 'VIDEO_AUDIO',
      course: { id: course.id, name: course.name },
      lesson: { id: lessonId, name: firstLesson(course).name, topicId: course.topics[0]?.id },
      author: { fullName: 'Minh Nguyen' },
      upvotes: 0,
      upvotedByMe: false,
      replyCount: 0,
      solved: false,
      replies: [],
      canEdit: true,
      canDelete: true,
      canMarkSolved: true,
      editedAt: null,
    });
    const seenByOther = await detail(other, created.id);
    expect(seenByOther).toMatchObject({ canEdit: false, canDelete: false, canMarkSolved: false });
  });

  it('requires a title and a description within their limits, with field messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', MESSAGES.required],
      [{ title: undefined }, 'title', MESSAGES.required],
      [{ title: 'x'.repeat(201) }, 'title', 'Must be at most 200 characters'],
      [{ description: '' }, 'description', MESSAGES.required],
      [{ description: 'y'.repeat(4001) }, 'description', 'Must be at most 4000 characters'],
      [{ type: 'BOTH' }, 'type', ''],
      [{ relatedTopic: 'BILLING' }, 'relatedTopic', ''],
      [{ courseId: null }, 'courseId', MESSAGES.required],
    ];
    for (const [fields, field, message] of cases) {
      const res = await asker.post('qa/questions', validQuestion(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      const body = res.json();
      const fieldError = body.fieldErrors.find((e: { field: string }) => e.field === field);
      expect(fieldError, `${field}: ${res.body}`).toBeDefined();
      if (message) expect(fieldError.message).toBe(message);
    }
    // Exactly at the limits is fine.
    await ask(asker, { title: 't'.repeat(200), description: 'd'.repeat(4000) });
  });

  it('checks the course and lesson through the courses module', async () => {
    const missing = await asker.post('qa/questions', validQuestion({ courseId: 999_999, lessonId: null }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual([{ field: 'courseId', message: MESSAGES.courseNotFound }]);
    const noLesson = await asker.post('qa/questions', validQuestion({ lessonId: 999_999 }));
    expect(noLesson.json().fieldErrors).toEqual([{ field: 'lessonId', message: MESSAGES.lessonNotFound }]);
    const elsewhere = await asker.post('qa/questions', validQuestion({ courseId: otherCourse.id, lessonId }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fieldErrors).toEqual([
      { field: 'lessonId', message: QA_MESSAGES.lessonNotInCourse },
    ]);
  });

  it('keeps "other" questions free of any course, and accepts a course question without a lesson', async () => {
    const otherQuestion = await ask(asker, { type: 'OTHER', relatedTopic: 'CERTIFICATE' });
    expect(otherQuestion).toMatchObject({
      type: 'OTHER',
      course: null,
      lesson: null,
      relatedTopic: 'CERTIFICATE',
    });
    const courseOnly = await ask(asker, { lessonId: null, relatedTopic: null });
    expect(courseOnly).toMatchObject({ course: { id: course.id }, lesson: null, relatedTopic: null });
  });

  it('refuses anonymous callers everywhere', async () => {
    const question = await ask(asker);
    for (const res of [
      await anonymous.get('qa/questions'),
      await anonymous.get(`qa/questions/${question.id}`),
      await anonymous.post('qa/questions', validQuestion()),
      await anonymous.post(`qa/questions/${question.id}/upvote`),
      await anonymous.post(`qa/questions/${question.id}/replies`, { content: 'hi' }),
      await anonymous.get('notifications'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.unauthenticated);
    }
  });

  it('answers 404 with the Q&A wording for a question that does not exist', async () => {
    const res = await asker.get('qa/questions/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(QA_MESSAGES.questionNotFound);
  });
});

describe('editing and deleting (moderation rule)', () => {
  it('lets the author edit and marks the question edited; another learner gets the permission message', async () => {
    const question = await ask(asker);
    const edited = await asker.put(
      `qa/questions/${question.id}`,
      validQuestion({ title: 'Video stops at 1:02' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Video stops at 1:02' });
    expect(edited.json().editedAt).not.toBeNull();

    const denied = await other.put(`qa/questions/${question.id}`, validQuestion({ title: 'Hijacked' }));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(forbiddenMessage(QA_DENIED.editQuestion));
    const deniedDelete = await other.delete(`qa/questions/${question.id}`);
    expect(deniedDelete.statusCode).toBe(403);
    expect(deniedDelete.json().message).toBe(forbiddenMessage(QA_DENIED.deleteQuestion));
    expect((await detail(asker, question.id)).title).toBe('Video stops at 1:02');
  });

  it('lets COURSE_MANAGEMENT holders moderate course questions only, and admins everything', async () => {
    const courseQuestion = await ask(asker);
    const otherQuestion = await ask(asker, { type: 'OTHER' });
    expect((await detail(staff, courseQuestion.id)).canEdit).toBe(true);
    expect((await detail(staff, otherQuestion.id)).canEdit).toBe(false);

    const moderated = await staff.put(
      `qa/questions/${courseQuestion.id}`,
      validQuestion({ title: 'Lesson video stops (moderated)' }),
    );
    expect(moderated.statusCode, moderated.body).toBe(200);
    const refused = await staff.put(`qa/questions/${otherQuestion.id}`, validQuestion({ type: 'OTHER' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage(QA_DENIED.editQuestion));
    expect((await staff.delete(`qa/questions/${otherQuestion.id}`)).statusCode).toBe(403);

    expect((await detail(admin, otherQuestion.id)).canDelete).toBe(true);
    expect((await admin.delete(`qa/questions/${otherQuestion.id}`)).statusCode).toBe(204);
    expect((await staff.delete(`qa/questions/${courseQuestion.id}`)).statusCode).toBe(204);
    expect((await asker.get(`qa/questions/${courseQuestion.id}`)).statusCode).toBe(404);
  });

  it('lets the author delete their own question with its replies, upvotes and notifications', async () => {
    const question = await ask(asker);
    await reply(other, question.id);
    await other.post(`qa/questions/${question.id}/upvote`);
    const res = await asker.delete(`qa/questions/${question.id}`);
    expect(res.statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.select().from(qaReplies).where(eq(qaReplies.questionId, question.id))).toEqual([]);
    expect(await db.select().from(qaUpvotes).where(eq(qaUpvotes.questionId, question.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.subject, qaQuestionSubject(question.id))),
    ).toEqual([]);
  });

  it('applies the same rule to replies: author, moderator; not the asker nor another learner', async () => {
    const question = await ask(asker);
    const answer = await reply(other, question.id);
    expect(answer).toMatchObject({
      canEdit: true,
      canDelete: true,
      author: { fullName: expect.any(String) },
    });
    const asSeenByAsker = (await detail(asker, question.id)).replies[0];
    expect(asSeenByAsker).toMatchObject({ id: answer.id, canEdit: false, canDelete: false });

    const edited = await other.put(`qa/replies/${answer.id}`, { content: 'Clear the cache (Ctrl+F5).' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      content: 'Clear the cache (Ctrl+F5).',
      editedAt: expect.any(String),
    });

    const byAsker = await asker.put(`qa/replies/${answer.id}`, { content: 'Changed by the asker' });
    expect(byAsker.statusCode).toBe(403);
    expect(byAsker.json().message).toBe(forbiddenMessage(QA_DENIED.editReply));
    const deleteByAsker = await asker.delete(`qa/replies/${answer.id}`);
    expect(deleteByAsker.statusCode).toBe(403);
    expect(deleteByAsker.json().message).toBe(forbiddenMessage(QA_DENIED.deleteReply));

    const empty = await other.put(`qa/replies/${answer.id}`, { content: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual([{ field: 'content', message: MESSAGES.required }]);

    expect((await staff.put(`qa/replies/${answer.id}`, { content: 'Moderated' })).statusCode).toBe(200);
    expect((await staff.delete(`qa/replies/${answer.id}`)).statusCode).toBe(204);
    const after = await detail(asker, question.id);
    expect(after.replies).toEqual([]);
    expect(after.replyCount).toBe(0);
  });
});

describe('replies and notifications', () => {
  it('notifies the asker in the product and by mail when someone else replies', async () => {
    const before = (await asker.get('notifications/unread-count')).json().unread as number;
    const question = await ask(asker, { title: 'Where is the certificate of course one?' });
    const answer = await reply(other, question.id, 'Under My progress.\nThen Certificates.');

    const after = await detail(asker, question.id);
    expect(after.replyCount).toBe(1);
    expect(after.replies).toEqual([expect.objectContaining({ id: answer.id, content: answer.content })]);
    expect(new Date(after.lastActivityAt).getTime()).toBeGreaterThanOrEqual(
      new Date(after.createdAt).getTime(),
    );

    await deliverPending(t);
    expect((await asker.get('notifications/unread-count')).json()).toEqual({ unread: before + 1 });
    const list = await asker.get('notifications?unread=true');
    expect(list.headers['x-total-count']).toBe(String(before + 1));
    const newest = (list.json() as TNotification[])[0];
    expect(newest).toMatchObject({
      kind: 'QA_REPLY',
      url: `/training-academy/qa/${question.id}`,
      params: {
        title: 'Where is the certificate of course one?',
        excerpt: 'Under My progress. Then Certificates.',
      },
      read: false,
    });
    expect(newest?.actor?.fullName).toBeTruthy();

    // The mail leaves after the answer: wait for the outbox file.
    let mail = '';
    for (let i = 0; i < 50 && !mail.includes('certificate of course one'); i++) {
      for (const file of await listFiles(outbox)) {
        // Unfold long headers and undo quoted-printable soft line breaks.
        const text = (await fs.readFile(path.join(outbox, file), 'utf8'))
          .replace(/\r?\n[ \t]/g, ' ')
          .replace(/=\r?\n/g, '');
        if (text.includes(`/training-academy/qa/${question.id}`)) mail = text;
      }
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail).toContain('To: student@academy.example.com');
    expect(mail).toContain('Subject: New reply to your question: Where is the certificate of course one?');
    expect(mail).toContain(`http://localhost:3000/training-academy/qa/${question.id}`);

    const marked = await asker.post('notifications/read', { subject: qaQuestionSubject(question.id) });
    expect(marked.json()).toEqual({ unread: before });
    const read = (await asker.get('notifications')).json() as TNotification[];
    expect(read.find((n) => n.id === newest?.id)?.read).toBe(true);
  });

  it("does not notify the asker of their own replies, and no one sees another learner's notifications", async () => {
    const before = (await asker.get('notifications/unread-count')).json().unread as number;
    const question = await ask(asker);
    await reply(asker, question.id, 'Found it myself: reload the page.');
    await deliverPending(t);
    expect((await asker.get('notifications/unread-count')).json().unread).toBe(before);
    await reply(other, question.id);
    await deliverPending(t);
    const othersList = (await other.get('notifications')).json() as TNotification[];
    expect(othersList.some((n) => n.url === `/training-academy/qa/${question.id}`)).toBe(false);
    // Marking "all" read touches only the caller's own notifications.
    await other.post('notifications/read', {});
    expect((await asker.get('notifications/unread-count')).json().unread).toBe(before + 1);
    expect((await asker.post('notifications/read', {})).json()).toEqual({ unread: 0 });
  });
});

describe('upvotes', () => {
  it('toggles one upvote per learner', async () => {
    const question = await ask(asker);
    const up = await other.post(`qa/questions/${question.id}/upvote`);
    expect(up.json()).toEqual({ upvoted: true, upvotes: 1 } satisfies TQaUpvoteResult);
    expect((await asker.post(`qa/questions/${question.id}/upvote`)).json()).toEqual({
      upvoted: true,
      upvotes: 2,
    });
    expect(await detail(other, question.id)).toMatchObject({ upvotes: 2, upvotedByMe: true });
    expect((await other.post(`qa/questions/${question.id}/upvote`)).json()).toEqual({
      upvoted: false,
      upvotes: 1,
    });
    expect(await detail(other, question.id)).toMatchObject({ upvotes: 1, upvotedByMe: false });
    expect((await other.post('qa/questions/999999/upvote')).statusCode).toBe(404);
  });

  it('keeps the count exact under 50 concurrent toggles by different learners', async () => {
    const question = await ask(asker, { title: 'Popular question' });
    const hash = lightHash('Voter@2026x');
    const codes = Array.from({ length: 50 }, (_, i) => `VOTER${i + 1}`);
    await t.database.db.insert(users).values(
      codes.map((code) => ({
        employeeCode: code,
        fullName: `Voter ${code}`,
        email: `${code.toLowerCase()}@academy.example.com`,
        passwordHash: hash,
        role: 'ROLE_STUDENT',
      })),
    );
    const voters: ApiClient[] = [];
    for (let i = 0; i < codes.length; i += 10) {
      const batch = await Promise.all(
        codes
          .slice(i, i + 10)
          .map(async (code) => apiClient(t.app, (await signIn(t.app, code, 'Voter@2026x')).accessToken)),
      );
      voters.push(...batch);
    }
    const countRows = async () =>
      (await t.database.db.select().from(qaUpvotes).where(eq(qaUpvotes.questionId, question.id))).length;

    const upAnswers = await Promise.all(voters.map((v) => v.post(`qa/questions/${question.id}/upvote`)));
    expect(upAnswers.map((r) => r.statusCode)).toEqual(voters.map(() => 200));
    expect(upAnswers.every((r) => r.json().upvoted === true)).toBe(true);
    expect(Math.max(...upAnswers.map((r) => r.json().upvotes as number))).toBe(50);
    expect((await detail(asker, question.id)).upvotes).toBe(50);
    expect(await countRows()).toBe(50);

    // Half take their upvote back while the other half toggle twice (back to upvoted), all at once.
    const half = voters.slice(0, 25);
    const rest = voters.slice(25);
    await Promise.all([
      ...half.map((v) => v.post(`qa/questions/${question.id}/upvote`)),
      ...rest.map(async (v) => {
        await v.post(`qa/questions/${question.id}/upvote`);
        await v.post(`qa/questions/${question.id}/upvote`);
      }),
    ]);
    expect((await detail(asker, question.id)).upvotes).toBe(25);
    expect(await countRows()).toBe(25);

    await Promise.all(rest.map((v) => v.post(`qa/questions/${question.id}/upvote`)));
    expect((await detail(asker, question.id)).upvotes).toBe(0);
    expect(await countRows()).toBe(0);
  }, 120_000);
});

describe('solved', () => {
  it('lets the asker mark the question solved by a reply, and take it back', async () => {
    const question = await ask(asker);
    const first = await reply(other, question.id, 'Try another browser.');
    const second = await reply(staff, question.id, 'Update the video driver.');
    const solved = await asker.put(`qa/questions/${question.id}/solved`, {
      solved: true,
      replyId: second.id,
    });
    expect(solved.statusCode, solved.body).toBe(200);
    const body = solved.json() as TQaQuestionDetail;
    expect(body).toMatchObject({ solved: true, solvedReplyId: second.id });
    expect(body.replies.map((r) => [r.id, r.isSolution])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    const list = (await asker.get('qa/questions?solved=true&mine=true')).json() as TQaQuestionSummary[];
    expect(list.map((q) => q.id)).toContain(question.id);

    const unsolved = await asker.put(`qa/questions/${question.id}/solved`, {
      solved: false,
      replyId: second.id,
    });
    expect(unsolved.json()).toMatchObject({ solved: false, solvedReplyId: null });
  });

  it('lets a moderator mark it solved, refuses another learner and a reply of another question', async () => {
    const question = await ask(asker);
    const answer = await reply(other, question.id);
    const elsewhere = await ask(asker);
    const foreign = await reply(other, elsewhere.id);

    const denied = await other.put(`qa/questions/${question.id}/solved`, {
      solved: true,
      replyId: answer.id,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(forbiddenMessage(QA_DENIED.markSolved));

    const wrongReply = await asker.put(`qa/questions/${question.id}/solved`, {
      solved: true,
      replyId: foreign.id,
    });
    expect(wrongReply.statusCode).toBe(400);
    expect(wrongReply.json().fieldErrors).toEqual([
      { field: 'replyId', message: QA_MESSAGES.replyNotInQuestion },
    ]);

    const byStaff = await staff.put(`qa/questions/${question.id}/solved`, { solved: true });
    expect(byStaff.json()).toMatchObject({ solved: true, solvedReplyId: null });
  });

  it('keeps the question solved but forgets the solution when that reply is deleted', async () => {
    const question = await ask(asker);
    const answer = await reply(other, question.id);
    await asker.put(`qa/questions/${question.id}/solved`, { solved: true, replyId: answer.id });
    expect((await other.delete(`qa/replies/${answer.id}`)).statusCode).toBe(204);
    expect(await detail(asker, question.id)).toMatchObject({
      solved: true,
      solvedReplyId: null,
      replyCount: 0,
      replies: [],
    });
  });
});

describe('list: search, filters, sort and paging', () => {
  let ids: { router: number; certificate: number; lesson: number };
  let scoped: (query: string) => Promise<TQaQuestionSummary[]>;

  beforeAll(async () => {
    // A lesson of the second course, for a question of its own.
    const otherLesson = firstLesson(otherCourse).id;
    const make = async (client: ApiClient, fields: Record<string, unknown>) => (await ask(client, fields)).id;
    ids = {
      router: await make(other, {
        title: 'Zebrafish router keeps rebooting',
        description: 'Customers report the zebrafish modem rebooting nightly.',
        type: 'OTHER',
        relatedTopic: 'DOWNLOAD_RESOURCES',
      }),
      certificate: await make(other, {
        title: 'Zebrafish certificate missing',
        description: 'I passed every lesson but see no certificate.',
        type: 'OTHER',
        relatedTopic: 'CERTIFICATE',
      }),
      lesson: await make(asker, {
        title: 'Zebrafish lesson audio is silent',
        description: 'No sound in the first lesson of the second course.',
        courseId: otherCourse.id,
        lessonId: otherLesson,
      }),
    };
    await other.post(`qa/questions/${ids.lesson}/upvote`);
    await staff.post(`qa/questions/${ids.lesson}/upvote`);
    await admin.post(`qa/questions/${ids.certificate}/upvote`);
    await reply(staff, ids.router, 'Check the firmware.');
    await reply(staff, ids.certificate, 'Certificates come when the course is finished.');
    scoped = async (query: string) => {
      const res = await asker.get(`qa/questions?q=zebrafish&size=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
  });

  it('searches words of the title and description, by prefix, whatever the case', async () => {
    expect((await scoped('')).map((q) => q.id).sort()).toEqual(Object.values(ids).sort());
    const byPrefix = (await asker.get('qa/questions?q=ZEBRA%20nightly')).json() as TQaQuestionSummary[];
    expect(byPrefix.map((q) => q.id)).toEqual([ids.router]);
    const none = await asker.get('qa/questions?q=zebrafish%20nonexistentword');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('treats query operators as plain text', async () => {
    for (const q of ["zebra & | ! ( ) : * ' \\", '&&&', "o'brien", '  ']) {
      const res = await asker.get(`qa/questions?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
  });

  it('filters by type, related topic, course, lesson, solved and mine', async () => {
    const idsOf = async (query: string) => (await scoped(query)).map((q) => q.id).sort();
    expect(await idsOf('type=OTHER')).toEqual([ids.router, ids.certificate].sort());
    expect(await idsOf('type=COURSE')).toEqual([ids.lesson]);
    expect(await idsOf('relatedTopic=CERTIFICATE')).toEqual([ids.certificate]);
    expect(await idsOf(`courseId=${otherCourse.id}`)).toEqual([ids.lesson]);
    expect(await idsOf(`lessonId=${firstLesson(otherCourse).id}`)).toEqual([ids.lesson]);
    expect(await idsOf('mine=true')).toEqual([ids.lesson]);
    await other.put(`qa/questions/${ids.router}/solved`, { solved: true });
    expect(await idsOf('solved=true')).toEqual([ids.router]);
    expect(await idsOf('solved=false')).toEqual([ids.certificate, ids.lesson].sort());
    expect((await asker.get('qa/questions?type=NONE')).statusCode).toBe(400);
  });

  it('sorts by newest, most upvoted and unanswered first', async () => {
    expect((await scoped('')).map((q) => q.id)).toEqual([ids.lesson, ids.certificate, ids.router]);
    expect((await scoped('sort=newest')).map((q) => q.id)).toEqual([ids.lesson, ids.certificate, ids.router]);
    expect((await scoped('sort=upvotes')).map((q) => q.id)).toEqual([
      ids.lesson,
      ids.certificate,
      ids.router,
    ]);
    const unanswered = await scoped('sort=unanswered');
    expect(unanswered.map((q) => q.id)).toEqual([ids.lesson, ids.certificate, ids.router]);
    expect(unanswered.map((q) => q.replyCount)).toEqual([0, 1, 1]);
    const lesson = unanswered[0];
    expect(lesson).toMatchObject({
      upvotes: 2,
      upvotedByMe: false,
      course: { id: otherCourse.id, name: otherCourse.name },
      lesson: { id: firstLesson(otherCourse).id },
      excerpt: 'No sound in the first lesson of the second course.',
    });
  });

  it('pages with x-total-count and a constant number of queries', async () => {
    const total = Number((await asker.get('qa/questions?size=1')).headers['x-total-count']);
    expect(total).toBe(await t.database.db.$count(qaQuestions));
    const second = await asker.get('qa/questions?size=2&page=1');
    expect(second.json()).toHaveLength(2);
    expect(second.headers['x-total-count']).toBe(String(total));
    const past = await asker.get('qa/questions?size=10&page=999');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));

    t.database.queries.reset();
    await asker.get('qa/questions?size=2');
    const small = t.database.queries.count;
    t.database.queries.reset();
    const all = await asker.get(`qa/questions?size=${total}`);
    expect(t.database.queries.count).toBe(small);
    expect(all.json()).toHaveLength(total);
    // Every course and lesson name comes from one query of the courses module, however many.
    const names = new Set((all.json() as TQaQuestionSummary[]).map((q) => q.course?.name).filter(Boolean));
    expect(names.size).toBeGreaterThanOrEqual(2);
  });
});

describe('account removal', () => {
  it('keeps questions and replies of a deleted user, without an author', async () => {
    const [leaver] = await t.database.db
      .insert(users)
      .values({
        employeeCode: 'LEAVER1',
        fullName: 'Leaving Learner',
        email: 'leaver1@academy.example.com',
        passwordHash: await hashPassword('Leaver@2026'),
        role: 'ROLE_STUDENT',
      })
      .returning({ id: users.id });
    const leaving = await clientFor(t.app, 'LEAVER1', 'Leaver@2026');
    const question = await ask(leaving);
    await reply(leaving, question.id);
    await leaving.post(`qa/questions/${question.id}/upvote`);
    const res = await admin.delete(`users/${leaver?.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const after = await detail(asker, question.id);
    expect(after.author).toBeNull();
    expect(after.replies[0]?.author).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(qaUpvotes)
        .where(inArray(qaUpvotes.questionId, [question.id])),
    ).toEqual([]);
    // The stored count still holds the removed upvote until the next toggle recounts the rows.
    expect((await other.post(`qa/questions/${question.id}/upvote`)).json()).toEqual({
      upvoted: true,
      upvotes: 1,
    });
  });
});
