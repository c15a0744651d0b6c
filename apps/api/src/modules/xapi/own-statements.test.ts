import { createServer } from 'node:net';
import type { TIssuedCertificate } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { formData } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { blankPdf } from '../certificates/testing';
import { type ExamFixture, learnerPool, setupExam, takeExam } from '../exams/testing';
import { lessonProgress } from '../study/tables';
import { createCredential } from './credentials';
import { forwardOwnStatements } from './forward';
import { XAPI_PREFIX } from './lrs-routes';
import { emitOwnStatements, isoDuration, statementIdOf } from './own-statements';

/**
 * The academy's own learning events become xAPI statements in its LRS (XAPI_STATEMENTS=true),
 * once each, and reach another LRS through forwarding even when it was down for a while.
 */
let t: TestApp;
let other: TestApp;
let author: ApiClient;
let fixture: ExamFixture;
let passer: ApiClient;
let passerCode: string;
let failerCode: string;
let readKey: string;

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
type Statement = {
  id: string;
  verb: { id: string };
  object: { id: string; definition?: { type?: string; moreInfo?: string } };
  result?: { score?: { scaled: number }; success?: boolean; completion?: boolean; duration?: string };
};

async function statementsOf(app: TestApp, auth: string, employeeCode: string): Promise<Statement[]> {
  const agent = JSON.stringify({ account: { homePage: t.config.publicUrl, name: employeeCode } });
  const res = await app.app.inject({
    method: 'GET',
    url: `${XAPI_PREFIX}/statements?agent=${encodeURIComponent(agent)}`,
    headers: { authorization: auth, 'x-experience-api-version': '1.0.3' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { statements: Statement[] }).statements;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { XAPI_STATEMENTS: 'true' } });
  author = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  fixture = await setupExam(author);
  const learners = learnerPool(t.app);
  passer = await learners();
  const failer = await learners();
  passerCode = ((await passer.get('users/info')).json() as { employeeCode: string }).employeeCode;
  failerCode = ((await failer.get('users/info')).json() as { employeeCode: string }).employeeCode;
  expect((await takeExam(passer, fixture.examId, 3)).passed).toBe(true);
  expect((await takeExam(failer, fixture.examId, 0)).passed).toBe(false);
  const key = await createCredential(t.database.db, {
    name: 'Reports',
    canRead: true,
    canWrite: false,
    createdBy: null,
  });
  readKey = basic(key.key, key.secret);
});
afterAll(async () => {
  await t.close();
  await other?.close();
});

describe("the academy's own statements", () => {
  it('a passed exam, the lesson it passes and a failed attempt become statements, once', async () => {
    expect(await emitOwnStatements(t.database.db, t.config.publicUrl)).toBeGreaterThanOrEqual(3);
    const passed = await statementsOf(t, readKey, passerCode);
    const verbs = passed.map((s) => s.verb.id).sort();
    expect(verbs).toEqual([
      'http://adlnet.gov/expapi/verbs/completed',
      'http://adlnet.gov/expapi/verbs/passed',
    ]);
    const exam = passed.find((s) => s.verb.id.endsWith('/passed'));
    expect(exam?.result).toMatchObject({ success: true, score: { scaled: 1 } });
    const failed = await statementsOf(t, readKey, failerCode);
    expect(failed.map((s) => s.verb.id)).toEqual(['http://adlnet.gov/expapi/verbs/failed']);
    expect(failed[0]?.result?.score?.scaled).toBe(0);

    // Nothing waits any more; an event handled twice (here: the same id again) stays one statement.
    expect(await emitOwnStatements(t.database.db, t.config.publicUrl)).toBe(0);
    expect(await statementsOf(t, readKey, passerCode)).toHaveLength(2);
  });

  it('forwards them to another LRS, which was down at first, without losing or repeating one', async () => {
    other = await createTestApp({ seed: false });
    const made = await createCredential(other.database.db, {
      name: 'Academy',
      canRead: true,
      canWrite: true,
      createdBy: null,
    });
    const port = await freePort();
    const target = {
      endpoint: `http://127.0.0.1:${port}${XAPI_PREFIX}/`,
      key: made.key,
      secret: made.secret,
    };
    const log = t.app.log;

    // Down: nothing is lost, the next try waits.
    expect(await forwardOwnStatements(t.database.db, target, log)).toBe(0);
    await other.app.listen({ port, host: '127.0.0.1' });
    expect(await forwardOwnStatements(t.database.db, target, log)).toBe(0);

    const later = new Date(Date.now() + 60_000);
    expect(await forwardOwnStatements(t.database.db, target, log, later)).toBe(3);
    expect(await forwardOwnStatements(t.database.db, target, log, later)).toBe(0);
    const there = await statementsOf(other, basic(made.key, made.secret), passerCode);
    expect(there.map((s) => s.id).sort()).toEqual(
      (await statementsOf(t, readKey, passerCode)).map((s) => s.id).sort(),
    );
  });

  it('a course completed with its certificate: the lesson with its time studied, the course completed, the certificate earned with its verify address', async () => {
    const award = await author.post(
      'certificates',
      formData({ name: 'xAPI award' }, { file: [await blankPdf(), 'template.pdf', 'application/pdf'] }),
    );
    expect(award.statusCode, award.body).toBe(201);
    const course = await addCourse(author, { certificateId: String((award.json() as { id: number }).id) });
    const topic = await addTopic(author, course.id);
    const lesson = await addLesson(author, topic.id, { name: 'The only lesson', minStudyMinutes: 1 });
    const learner = await makeUser(t.app);
    expect((await learner.client.post(`user-lesson/update-status/${lesson.id}`)).statusCode).toBe(200);
    // 75 s studied (the player's heartbeats, written straight), then the lesson is opened again: passed.
    await t.database.db
      .update(lessonProgress)
      .set({ creditedSeconds: 75 })
      .where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, lesson.id)));
    expect((await learner.client.post(`user-lesson/update-status/${lesson.id}`)).statusCode).toBe(200);
    const [certificate] = (await learner.client.get('my-certificates')).json() as TIssuedCertificate[];
    expect(certificate?.courseId).toBe(course.id);

    expect(await emitOwnStatements(t.database.db, t.config.publicUrl)).toBeGreaterThanOrEqual(2);
    const statements = await statementsOf(t, readKey, learner.employeeCode);
    const activity = (kind: string, id: number) => `${t.config.publicUrl}/xapi/activities/${kind}/${id}`;
    const find = (verb: string, object: string) =>
      statements.find((s) => s.verb.id === verb && s.object.id === object);
    const completed = 'http://adlnet.gov/expapi/verbs/completed';

    const lessonDone = find(completed, activity('lesson', lesson.id));
    expect(lessonDone?.result).toMatchObject({ completion: true, success: true, duration: 'PT1M15S' });
    expect(lessonDone?.result?.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+(\.\d+)?S)?$/);
    const courseDone = find(completed, activity('course', course.id));
    expect(courseDone?.result).toMatchObject({ completion: true, success: true });
    const earned = find('http://id.tincanapi.com/verb/earned', activity('certificate', certificate?.id ?? 0));
    expect(earned?.object.definition).toMatchObject({
      type: 'https://w3id.org/xapi/cmi5/activities/certificate',
      moreInfo: `${t.config.publicUrl}/certificates/verify/${certificate?.code}`,
    });
    expect(statements).toHaveLength(3);
  });

  it('makes statement ids from the event and durations in ISO 8601', () => {
    expect(statementIdOf('attempt:1')).toBe(statementIdOf('attempt:1'));
    expect(statementIdOf('attempt:1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(120)).toBe('PT2M');
  });
});
