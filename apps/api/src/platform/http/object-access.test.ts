import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TExamState, TNotification, TOpenAttempt, TQaQuestionDetail, TQaReply } from '@academy/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { issueForCompletion } from '../../modules/certificates/issue';
import { certificates } from '../../modules/certificates/tables';
import { courses } from '../../modules/courses/tables';
import { EXAM_CLOSER } from '../../modules/exams/job';
import { answersFor, learnerPool, questionsOf, setupExam, start, submit } from '../../modules/exams/testing';
import { deliverPending } from '../../modules/notifications/testing';

/**
 * Object-level access (issue 11): for every signed-in route that names a resource by id, a
 * learner asking for another learner's resource is refused and nothing of the owner's changes.
 * Routes whose ids name shared things (a lesson, a department, a Q&A thread everyone reads) are
 * listed with the reason; a new signed-in route with an id fails until it is put in one list.
 */

/** The signed-in routes with an id that names something one learner owns. */
const OWNED = [
  'GET    /exams/attempts/:id/result',
  'PUT    /exams/attempts/:id/answers',
  'POST   /exams/attempts/:id/events',
  'GET    /my-certificates/:id/download',
  'PUT    /qa/questions/:id',
  'DELETE /qa/questions/:id',
  'PUT    /qa/questions/:id/solved',
  'PUT    /qa/replies/:id',
  'DELETE /qa/replies/:id',
  'DELETE /users/sessions/:id',
] as const;

/** Signed-in routes with an id that names no one's private resource, and why. */
const SHARED: Record<string, string> = {
  'GET    /departments/:id': 'the organisation, the same for everybody',
  'GET    /trademarks/:id': 'a brand, the same for everybody',
  'GET    /trademarks/:id/branches': "a brand's branches, the same for everybody",
  'GET    /lessons/:id': "course content; the caller's own gating decides (study tests)",
  'GET    /lessons/:id/stream': "course content; the caller's own gating decides (media tests)",
  'POST   /lessons/:id/scorm/launch':
    "a SCORM lesson; launches the caller's own attempt, whose credential writes nothing else (scorm tests)",
  'GET    /lessons/:id/scorm/attempt': "a SCORM lesson; answers the caller's own attempt only",
  'POST   /lessons/:id/cmi5/launch':
    "a cmi5 lesson; launches in the caller's own registration, whose LRS credential reaches nothing else (cmi5 tests)",
  'GET    /lessons/:id/cmi5/registration': "a cmi5 lesson; answers the caller's own registration only",
  'GET    /exams/:id/state': "an exam lesson; answers with the caller's own attempts only",
  'POST   /exams/:id/start': 'an exam lesson; starts an attempt of the caller',
  'GET    /my-courses/course-percent/:courseId': "a course; the caller's own percentage",
  'POST   /user-lesson/update-status/:id': "a lesson; records the caller's own progress",
  'GET    /qa/questions/:id': 'Q&A threads are read by every learner (there are no drafts)',
  'POST   /qa/questions/:id/replies': 'anyone signed in may answer a question',
  'POST   /qa/questions/:id/upvote': "toggles the caller's own vote",
};

/** Owned resources named in the body rather than the path. */
const OWNED_IN_BODY = ['POST   /exams/process', 'POST   /notifications/read'];

const snapshot = readFileSync(path.join(import.meta.dirname, 'route-access.snap.txt'), 'utf8');
const signedInRoutesWithId = [
  ...new Set(
    snapshot
      .split('\n')
      .filter((line) => / {2}→ {2}signed in/.test(line) && /\/:[A-Za-z]/.test(line))
      .map((line) => line.split('  →')[0]?.trimEnd() ?? ''),
  ),
];

let t: TestApp;
let owner: ApiClient;
let stranger: ApiClient;
let examId: number;
let submitted: number;
let open: TOpenAttempt;
let certificateId: number;
let question: TQaQuestionDetail;
let reply: TQaReply;

beforeAll(async () => {
  EXAM_CLOSER.everyMs = 0;
  t = await createTestApp();
  const admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  const staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  const freshLearner = learnerPool(t.app);
  owner = await freshLearner();
  stranger = await freshLearner();

  const exam = await setupExam(staff, { maxFailed: 5 });
  examId = exam.examId;
  const first = await start(owner, examId);
  const questions = await questionsOf(owner, examId);
  await submit(owner, first.id, answersFor(questions, 'wrong'));
  submitted = first.id;
  open = await start(owner, examId);
  const saved = await owner.put(`exams/attempts/${open.id}/answers`, {
    answers: answersFor(questions, 'wrong'),
  });
  expect(saved.statusCode, saved.body).toBeLessThan(300);

  const ownerId = ((await owner.get('users/info')).json() as { id: number }).id;
  const [template] = await t.database.db.select({ id: certificates.id }).from(certificates).limit(1);
  if (!template) throw new Error('the demo data has no certificate template');
  await t.database.db
    .update(courses)
    .set({ certificateId: template.id })
    .where(eq(courses.id, exam.courseId));
  certificateId = await issueForCompletion(t.database.db, {
    userId: ownerId,
    courseId: exam.courseId,
    at: new Date(),
  }).then((id) => {
    if (!id) throw new Error('the fixture course grants no certificate');
    return id;
  });

  const asked = await owner.post('qa/questions', {
    title: 'Where is the handbook?',
    description: 'I cannot find the handbook for lesson one.',
    type: 'OTHER',
    relatedTopic: null,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  question = asked.json();
  const answered = await owner.post(`qa/questions/${question.id}/replies`, { content: 'Found it myself.' });
  expect(answered.statusCode, answered.body).toBe(201);
  reply = answered.json();
});
afterAll(() => t.close());

function expectRefused(response: LightMyRequestResponse): void {
  expect([403, 404], response.body).toContain(response.statusCode);
  expect(response.body).not.toMatch(/stack|select |insert |update .* set/i);
}

describe('object-level access', () => {
  it('every signed-in route with an id is either checked here as owned or listed as shared', () => {
    expect(signedInRoutesWithId.length).toBeGreaterThan(10);
    const known = new Set<string>([...OWNED, ...Object.keys(SHARED)]);
    expect(signedInRoutesWithId.filter((route) => !known.has(route))).toEqual([]);
    expect([...known].filter((route) => !signedInRoutesWithId.includes(route))).toEqual([]);
    for (const route of OWNED_IN_BODY) expect(snapshot).toContain(`${route}  →  signed in`);
  });

  it("a learner cannot sign out another learner's session", async () => {
    const [session] = (await owner.get('users/sessions')).json() as Array<{ id: string }>;
    if (!session) throw new Error('the owner has no session');
    expectRefused(await stranger.delete(`users/sessions/${session.id}`));
    expect((await owner.get('users/info')).statusCode).toBe(200);
    expect((await owner.get('users/sessions')).json()).toHaveLength(1);
  });

  it("a learner cannot read another learner's exam result, nor touch their open attempt", async () => {
    expectRefused(await stranger.get(`exams/attempts/${submitted}/result`));
    expectRefused(await stranger.get(`exams/attempts/${open.id}/result`));
    expectRefused(await stranger.put(`exams/attempts/${open.id}/answers`, { answers: [] }));
    expectRefused(await stranger.post(`exams/attempts/${open.id}/events`, { kind: 'COPY' }));
    expectRefused(await stranger.post('exams/process', { attemptId: open.id, answers: [] }));

    // The owner's attempt is still open, with the answers the owner saved and no event added.
    const state = (await owner.get(`exams/${examId}/state`)).json() as TExamState;
    expect(state.openAttempt?.id).toBe(open.id);
    expect(state.openAttempt?.answers.length).toBeGreaterThan(0);
    expect(state.failedAttempts).toBe(1);
    expect((await owner.get(`exams/attempts/${submitted}/result`)).statusCode).toBe(200);
  });

  it("a learner cannot download another learner's certificate", async () => {
    expectRefused(await stranger.get(`my-certificates/${certificateId}/download`));
    expect((await owner.get(`my-certificates/${certificateId}/download`)).statusCode).not.toBe(404);
  });

  it("a learner cannot edit, solve or delete another learner's question or reply", async () => {
    const edit = { title: 'Hijacked', description: 'Hijacked', type: 'OTHER', relatedTopic: null };
    expectRefused(await stranger.put(`qa/questions/${question.id}`, edit));
    expectRefused(await stranger.put(`qa/questions/${question.id}/solved`, { solved: true }));
    expectRefused(await stranger.put(`qa/replies/${reply.id}`, { content: 'Hijacked' }));
    expectRefused(await stranger.delete(`qa/replies/${reply.id}`));
    expectRefused(await stranger.delete(`qa/questions/${question.id}`));

    const after = (await owner.get(`qa/questions/${question.id}`)).json() as TQaQuestionDetail & {
      replies: TQaReply[];
    };
    expect(after.title).toBe(question.title);
    expect(after.solved).toBe(false);
    expect(after.replies.map((r) => r.content)).toEqual(['Found it myself.']);
  });

  it("marking notifications read by id touches only the caller's own", async () => {
    const helper = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
    await helper.post(`qa/questions/${question.id}/replies`, { content: 'It is in the documents tab.' });
    await deliverPending(t);
    const ids = ((await owner.get('notifications')).json() as TNotification[]).map((n) => n.id);
    expect(ids.length).toBeGreaterThan(0);
    const before = (await owner.get('notifications/unread-count')).json() as { unread: number };

    const marked = await stranger.post('notifications/read', { ids });
    expect(marked.statusCode).toBe(200);
    expect((await owner.get('notifications/unread-count')).json()).toEqual(before);
  });
});
