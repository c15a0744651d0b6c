import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TNotification, TNotificationPreference } from '@academy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import type { AppEvents } from '../../events';
import { Events } from '../../platform/events';
import { completionListener } from '../certificates/issue';
import { certificates } from '../certificates/tables';
import { courses } from '../courses/tables';
import { coordinator, setupExam, takeExam } from '../exams/testing';
import { deliverNotification } from './deliver';
import { notificationHandlers } from './handlers';
import { DELIVER_QUEUE } from './index';
import { notifications } from './tables';
import { deliverPending, deliveryDeps } from './testing';

/**
 * Notifications (issue 22, point 4): recorded with what caused them, delivered once by the job
 * queue, in the product and by mail as the person chose per kind.
 */
let t: TestApp;
let outbox: string;
let admin: ApiClient;
let asker: { id: number; client: ApiClient; email: string };
let replier: ApiClient;

async function mailsTo(email: string): Promise<string[]> {
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
  return texts
    .map((x) => x.replace(/\r?\n[ \t]/g, ' ').replace(/=\r?\n/g, ''))
    .filter((x) => x.includes(`To: ${email}`));
}

async function askAndReply(title: string): Promise<number> {
  const asked = await asker.client.post('qa/questions', {
    title,
    description: 'Please help.',
    type: 'OTHER',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = (asked.json() as { id: number }).id;
  expect((await replier.post(`qa/questions/${id}/replies`, { content: `About ${title}` })).statusCode).toBe(
    201,
  );
  return id;
}

async function listOf(client: ApiClient): Promise<TNotification[]> {
  const res = await client.get('notifications?size=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'academy-notifications-'));
  outbox = path.join(dataDir, 'outbox');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  const made = await makeUser(t.app);
  asker = { id: made.id, client: made.client, email: made.email };
  replier = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
});

afterAll(() => t.close());

describe('delivery', () => {
  it('shows nothing before delivery, then exactly once however often the delivery runs', async () => {
    const questionId = await askAndReply('Exactly once, please');
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.userId, asker.id));
    if (!row) throw new Error('no notification recorded');
    expect(row).toMatchObject({ kind: 'QA_REPLY', deliveredAt: null, inApp: false });
    expect(await listOf(asker.client)).toEqual([]);

    const deps = deliveryDeps(t);
    // Twice at once, then once more: one claim wins.
    const runs = await Promise.all([deliverNotification(deps, row.id), deliverNotification(deps, row.id)]);
    runs.push(await deliverNotification(deps, row.id));
    expect(runs.filter(Boolean)).toHaveLength(1);

    const list = await listOf(asker.client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'QA_REPLY',
      url: `/training-academy/qa/${questionId}`,
      params: { title: 'Exactly once, please', excerpt: 'About Exactly once, please' },
      read: false,
    });
    const mails = await mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: New reply to your question: Exactly once, please');
    expect(mails[0]).toContain(`http://localhost:3000/training-academy/qa/${questionId}`);
  });

  it('delivers through the job queue once when the same job is queued twice', async () => {
    await askAndReply('Through the queue');
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `qa-reply:${await lastReplyId()}`));
    if (!row) throw new Error('no notification recorded');
    const jobs = [
      await t.app.jobs.send(DELIVER_QUEUE, { id: row.id }),
      await t.app.jobs.send(DELIVER_QUEUE, { id: row.id }),
    ];
    await t.app.jobs.startWorkers();
    for (let i = 0; i < 200; i++) {
      const states = await Promise.all(jobs.map((id) => t.app.jobs.state(DELIVER_QUEUE, id)));
      if (states.every((s) => s === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mails = await mailsTo(asker.email);
    expect(mails.filter((m) => m.includes('Through the queue'))).toHaveLength(1);
    expect((await listOf(asker.client)).filter((n) => n.params.title === 'Through the queue')).toHaveLength(
      1,
    );
  });

  it('records one notification per cause: the same key published twice adds nothing', async () => {
    const events = new Events<AppEvents>();
    const handlers = notificationHandlers(t.app.log);
    events.on('assignmentDue', handlers.assignmentDue);
    const due = {
      userId: asker.id,
      key: 'assignment:7:due-soon',
      title: 'Fire safety',
      dueAt: new Date('2026-12-01T00:00:00Z'),
      url: '/training-academy',
    };
    await events.publish(t.database.db, 'assignmentDue', due);
    await events.publish(t.database.db, 'assignmentDue', due);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.key, due.key));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.params).toEqual({ title: 'Fire safety', dueAt: '2026-12-01T00:00:00.000Z' });
  });
});

describe('preferences', () => {
  it('answers every kind with its default until the person chooses', async () => {
    const res = await asker.client.get('notifications/preferences');
    expect(res.statusCode).toBe(200);
    const prefs = res.json() as TNotificationPreference[];
    expect(prefs.map((p) => p.kind)).toEqual([
      'QA_REPLY',
      'CERTIFICATE_ISSUED',
      'EXAM_UNLOCKED',
      'EXAM_LOCKED',
      'ROADMAP_COURSE_ADDED',
      'ASSIGNMENT_DUE',
    ]);
    expect(prefs.find((p) => p.kind === 'ROADMAP_COURSE_ADDED')).toEqual({
      kind: 'ROADMAP_COURSE_ADDED',
      inApp: true,
      mail: false,
    });
  });

  it('are respected: neither, mail only, in-app only', async () => {
    await deliverPending(t);
    const set = async (inApp: boolean, mail: boolean) => {
      const res = await asker.client.put('notifications/preferences', [{ kind: 'QA_REPLY', inApp, mail }]);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as TNotificationPreference[]).find((p) => p.kind === 'QA_REPLY')).toEqual({
        kind: 'QA_REPLY',
        inApp,
        mail,
      });
    };
    const shown = async (title: string) => (await listOf(asker.client)).some((n) => n.params.title === title);
    const mailed = async (title: string) => (await mailsTo(asker.email)).some((m) => m.includes(title));

    await set(false, false);
    await askAndReply('Tell me nothing');
    await deliverPending(t);
    expect([await shown('Tell me nothing'), await mailed('Tell me nothing')]).toEqual([false, false]);

    await set(false, true);
    await askAndReply('Mail me only');
    await deliverPending(t);
    expect([await shown('Mail me only'), await mailed('Mail me only')]).toEqual([false, true]);

    await set(true, false);
    await askAndReply('Only in the product');
    await deliverPending(t);
    expect([await shown('Only in the product'), await mailed('Only in the product')]).toEqual([true, false]);
    // Another person's choice is their own.
    const others = (
      await (await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode)).get('notifications/preferences')
    ).json();
    expect(others.find((p: TNotificationPreference) => p.kind === 'QA_REPLY')).toMatchObject({ mail: true });
  });

  it('refuses an unknown kind or a kind twice, changing nothing', async () => {
    const before = (await asker.client.get('notifications/preferences')).json();
    const unknown = await asker.client.put('notifications/preferences', [
      { kind: 'NEWSLETTER', inApp: true, mail: true },
    ]);
    expect(unknown.statusCode).toBe(400);
    const twice = await asker.client.put('notifications/preferences', [
      { kind: 'EXAM_LOCKED', inApp: false, mail: false },
      { kind: 'EXAM_LOCKED', inApp: true, mail: true },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await asker.client.get('notifications/preferences')).json()).toEqual(before);
    expect(
      (await t.app.inject({ method: 'GET', url: '/services/core/api/notifications/preferences' })).statusCode,
    ).toBe(401);
  });
});

describe('kinds beyond Q&A', () => {
  it('tells a learner their exam locked after the last failure, and that it was unlocked', async () => {
    await grantCourseActions(admin);
    const exam = await setupExam(await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode), { maxFailed: 2 });
    const learner = await makeUser(t.app);
    await takeExam(learner.client, exam.examId, 0);
    await deliverPending(t);
    expect((await listOf(learner.client)).map((n) => n.kind)).toEqual([]);
    await takeExam(learner.client, exam.examId, 0);
    await deliverPending(t);
    const locked = await listOf(learner.client);
    expect(locked).toEqual([
      expect.objectContaining({
        kind: 'EXAM_LOCKED',
        url: `/training-academy/course/${exam.courseId}/topic/${exam.topicId}?lesson=${exam.examId}`,
        params: { lesson: 'Lesson 1.1', course: expect.stringContaining('Course') },
      }),
    ]);
    const unlocked = await (await coordinator(t.app)).post(`exams/${exam.examId}/unlock`, {
      userId: learner.id,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    await deliverPending(t);
    expect((await listOf(learner.client)).map((n) => n.kind)).toEqual(['EXAM_UNLOCKED', 'EXAM_LOCKED']);
    expect((await mailsTo(learner.email)).map((m) => /Subject: ([^\r\n]*)/.exec(m)?.[1])).toEqual(
      expect.arrayContaining(['Your exam is locked: Lesson 1.1', 'Your exam is open again: Lesson 1.1']),
    );
  });

  it('tells a learner their certificate was issued, with its code', async () => {
    const learner = await makeUser(t.app);
    const [template] = await t.database.db.select({ id: certificates.id }).from(certificates).limit(1);
    const [course] = await t.database.db
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .limit(1);
    if (!template || !course) throw new Error('demo data lacks a certificate or a course');
    await t.database.db.update(courses).set({ certificateId: template.id }).where(eq(courses.id, course.id));
    const events = new Events<AppEvents>();
    events.on('courseCompleted', completionListener(t.app.log, events));
    events.on('certificateIssued', notificationHandlers(t.app.log).certificateIssued);
    await events.publish(t.database.db, 'courseCompleted', {
      userId: learner.id,
      courseId: course.id,
      at: new Date(),
      cycle: 1,
    });
    await events.publish(t.database.db, 'courseCompleted', {
      userId: learner.id,
      courseId: course.id,
      at: new Date(),
      cycle: 1,
    });
    await deliverPending(t);
    const list = await listOf(learner.client);
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'CERTIFICATE_ISSUED',
        url: '/training-academy/study-progress',
        params: { course: course.name, code: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/) },
      }),
    ]);
  });

  it("tells a roadmap's learners of a course added to it, once", async () => {
    const learner = await makeUser(t.app, { permissions: [] });
    const info = (await admin.get(`users/${learner.id}`)).json() as {
      branchId: number;
      authorizationId: number | null;
    };
    expect(info.authorizationId).not.toBeNull();
    const options = (await admin.get('courses?size=2')).json() as Array<{ id: number; name: string }>;
    const [first, second] = options;
    if (!first || !second) throw new Error('two courses needed');
    const body = (courseIds: number[]) => ({
      branchId: info.branchId,
      authorizationId: info.authorizationId,
      milestones: [{ name: 'Start', courses: courseIds.map((courseId) => ({ courseId })) }],
    });
    const created = await admin.post('roadmaps', body([first.id]));
    expect(created.statusCode, created.body).toBe(201);
    const roadmapId = (created.json() as { id: number }).id;
    expect((await admin.put(`roadmaps/${roadmapId}`, body([first.id, second.id]))).statusCode).toBe(200);
    expect((await admin.put(`roadmaps/${roadmapId}`, body([first.id, second.id]))).statusCode).toBe(200);
    await deliverPending(t);
    const list = await listOf(learner.client);
    expect(list.map((n) => [n.kind, n.params.course])).toEqual([
      ['ROADMAP_COURSE_ADDED', second.name],
      ['ROADMAP_COURSE_ADDED', first.name],
    ]);
    // Off by mail by default.
    expect(await mailsTo(learner.email)).toEqual([]);
  });
});

async function lastReplyId(): Promise<number> {
  const rows = await t.database.db.select({ key: notifications.key }).from(notifications);
  return Math.max(...rows.filter((r) => r.key.startsWith('qa-reply:')).map((r) => Number(r.key.slice(9))));
}
