import path from 'node:path';
import {
  CMI5_MESSAGES,
  SCORM_MESSAGES,
  SCORM_UPLOADS_PATH,
  type TCmi5Course,
  type TCmi5Launch,
  type TCmi5Registration,
  type TCoursePercent,
  type TLearnerProgress,
  type TMyLesson,
  type TMyProgress,
} from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { formData, listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { writeZip } from '../../../test/zip';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { tusClient } from '../media/test-support';
import { endCycles } from '../study';
import { createCredential } from '../xapi/credentials';
import { XAPI_PREFIX } from '../xapi/lrs-routes';
import { cmi5Courses } from './tables';
import { auPage, cmi5Package, cmi5Xml, type TestAu, type TestNode } from './testing';

/**
 * cmi5 lessons against the real LRS of the app (issue 26, point 3): import and refusals, the
 * launch and its one-time fetch URL, the cmi5 rules on the AU's statements, moveOn, satisfied,
 * abandoned and waived, and the lesson passing so the next one unlocks.
 */
let t: TestApp;
let admin: ApiClient;
let filesDir: string;
let base: string;
/** An integration key that reads everything (to look at what the LMS wrote). */
let reader: string;

const VERB = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  waived: 'https://w3id.org/xapi/adl/verbs/waived',
  satisfied: 'https://w3id.org/xapi/adl/verbs/satisfied',
  experienced: 'http://adlnet.gov/expapi/verbs/experienced',
};
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
// biome-ignore lint/suspicious/noExplicitAny: statements read back from the LRS are free JSON
type Statement = Record<string, any>;
const MOVE_ON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir, ACADEMY_ROLE: 'api' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  const made = await createCredential(t.database.db, {
    name: 'Reports',
    canRead: true,
    canWrite: false,
    createdBy: null,
  });
  reader = `Basic ${Buffer.from(`${made.key}:${made.secret}`).toString('base64')}`;
});
afterAll(() => t.close());

const upload = (client: ApiClient, lessonId: number, file: Buffer, name = 'course.zip') =>
  client.put(`lessons/${lessonId}/cmi5`, formData({}, { file: [file, name, 'application/zip'] }));

/** An ordered course: a cmi5 lesson followed by a plain lesson. */
async function cmi5Course(file: Buffer = cmi5Package(), name = 'course.zip') {
  const course = await addCourse(admin);
  const topic = await addTopic(admin, course.id);
  const lesson = await addLesson(admin, topic.id, { name: 'cmi5', videoKind: 'cmi5', minStudyMinutes: 0 });
  const next = await addLesson(admin, topic.id, { name: 'Next', minStudyMinutes: 0 });
  const res = await upload(admin, lesson.id, file, name);
  expect(res.statusCode, res.body).toBe(200);
  return {
    courseId: course.id,
    topicId: topic.id,
    lessonId: lesson.id,
    nextId: next.id,
    course: res.json() as TCmi5Course,
  };
}

const au = (n: number, extra: Partial<TestAu> = {}): TestAu => ({
  id: `https://courses.example.com/forklift/au/${n}`,
  title: `Part ${n}`,
  url: `au${n}/index.html`,
  ...extra,
});

async function launch(client: ApiClient, lessonId: number, auId?: string): Promise<TCmi5Launch> {
  const res = await client.post(
    `lessons/${lessonId}/cmi5/launch${auId ? `?au=${encodeURIComponent(auId)}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The launch parameters of an AU URL (cmi5 8.1). */
function paramsOf(url: string) {
  const q = new URL(url).searchParams;
  return {
    endpoint: q.get('endpoint') ?? '',
    fetch: q.get('fetch') ?? '',
    actor: JSON.parse(q.get('actor') ?? '{}') as Record<string, unknown>,
    registration: q.get('registration') ?? '',
    activityId: q.get('activityId') ?? '',
  };
}

/** POSTs to the fetch URL (on the content origin). */
async function fetchUrl(url: string, method: 'POST' | 'GET' = 'POST') {
  const res = await t.app.contentApp.inject({ method, url: new URL(paramsOf(url).fetch).pathname });
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? res.json() : null,
    type: res.headers['content-type'],
  };
}

function lrs(method: 'GET' | 'POST' | 'PUT' | 'DELETE', resource: string, auth: string, body?: unknown) {
  return t.app.inject({
    method,
    url: `${XAPI_PREFIX}/${resource}`,
    headers: {
      authorization: auth,
      'x-experience-api-version': '1.0.3',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** An AU session as the AU sees it: its launch, token, LMS.LaunchData, and a statement maker. */
async function session(client: ApiClient, lessonId: number, auId?: string) {
  const launched = await launch(client, lessonId, auId);
  const p = paramsOf(launched.url);
  const fetched = await fetchUrl(launched.url);
  const token = `Basic ${fetched.body['auth-token']}`;
  const state = await lrs(
    'GET',
    `activities/state?stateId=LMS.LaunchData&activityId=${encodeURIComponent(p.activityId)}&agent=${encodeURIComponent(JSON.stringify(p.actor))}&registration=${p.registration}`,
    token,
  );
  expect(state.statusCode, state.body).toBe(200);
  const launchData = state.json();
  const statement = (
    verb: string,
    options: { result?: object; moveOn?: boolean; mastery?: number; defined?: boolean; extra?: object } = {},
  ) => {
    const context = structuredClone(launchData.contextTemplate);
    context.registration = p.registration;
    if (options.defined !== false) {
      context.contextActivities.category = [{ id: CMI5 }, ...(options.moveOn ? [{ id: MOVE_ON }] : [])];
    }
    if (options.mastery !== undefined) context.extensions[MASTERY] = options.mastery;
    return {
      actor: p.actor,
      verb: { id: verb },
      object: { objectType: 'Activity', id: p.activityId },
      context,
      ...(options.result ? { result: options.result } : {}),
      timestamp: new Date().toISOString(),
      ...options.extra,
    };
  };
  const send = (...statements: object[]) => lrs('POST', 'statements', token, statements);
  const standard = {
    initialized: () => statement(VERB.initialized),
    completed: () =>
      statement(VERB.completed, { moveOn: true, result: { completion: true, duration: 'PT5S' } }),
    passed: (scaled?: number, mastery?: number) =>
      statement(VERB.passed, {
        moveOn: true,
        mastery,
        result: { success: true, duration: 'PT5S', ...(scaled !== undefined ? { score: { scaled } } : {}) },
      }),
    failed: (scaled?: number, mastery?: number) =>
      statement(VERB.failed, {
        moveOn: true,
        mastery,
        result: { success: false, duration: 'PT5S', ...(scaled !== undefined ? { score: { scaled } } : {}) },
      }),
    terminated: () => statement(VERB.terminated, { result: { duration: 'PT9S' } }),
  };
  return { launched, p, token, launchData, statement, send, ...standard };
}

async function statementsFor(registration: string, verb?: string) {
  const res = await lrs(
    'GET',
    `statements?registration=${registration}${verb ? `&verb=${encodeURIComponent(verb)}` : ''}&ascending=true`,
    reader,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().statements as Statement[];
}

async function standing(client: ApiClient, lessonId: number): Promise<TCmi5Registration> {
  const res = await client.get(`lessons/${lessonId}/cmi5/registration`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function nextLocked(client: ApiClient, topicId: number, lessonId: number): Promise<boolean> {
  const lessons = (await client.get(`my-lessons?thematic_id=${topicId}`)).json() as TMyLesson[];
  return lessons.find((l) => l.id === lessonId)?.locked ?? true;
}

describe('import', () => {
  it('reads a zip: the course, its blocks and AUs in order with their launch settings, and makes the lesson a cmi5 lesson', async () => {
    const nodes: TestNode[] = [
      au(1, { moveOn: 'Completed', launchParameters: 'mode=quiz' }),
      {
        block: 'https://courses.example.com/forklift/block/a',
        title: 'On the road',
        children: [au(2, { moveOn: 'Passed', masteryScore: '0.8', launchMethod: 'OwnWindow' }), au(3)],
      },
      au(4, { url: 'au4/start.html?lang=en' }),
    ];
    const { lessonId, course } = await cmi5Course(cmi5Package({ title: 'Forklift safety', nodes }));
    expect(course).toMatchObject({
      courseId: 'https://courses.example.com/forklift',
      title: 'Forklift safety',
      description: 'All about Forklift safety',
      fileCount: 6,
    });
    expect(course.aus).toEqual([
      expect.objectContaining({
        id: 'https://courses.example.com/forklift/au/1',
        title: 'Part 1',
        url: 'au1/index.html',
        moveOn: 'Completed',
        launchMethod: 'AnyWindow',
        masteryScore: null,
        launchParameters: 'mode=quiz',
      }),
      expect.objectContaining({ moveOn: 'Passed', masteryScore: 0.8, launchMethod: 'OwnWindow' }),
      expect.objectContaining({ moveOn: 'NotApplicable', launchParameters: null }),
      expect.objectContaining({ url: 'au4/start.html?lang=en' }),
    ]);
    expect(course.items.map((i) => [i.kind, i.title, i.depth])).toEqual([
      ['au', 'Part 1', 0],
      ['block', 'On the road', 0],
      ['au', 'Part 2', 1],
      ['au', 'Part 3', 1],
      ['au', 'Part 4', 0],
    ]);
    expect((await admin.get(`lessons/${lessonId}/edit`)).json().video).toMatchObject({
      kind: 'cmi5',
      url: '',
    });
    expect((await admin.get(`lessons/${lessonId}/cmi5`)).json().id).toBe(course.id);
  });

  it('takes cmi5.xml alone when every AU is at an absolute URL', async () => {
    const xml = cmi5Xml({ nodes: [au(1, { url: 'https://content.example.com/forklift/au1.html' })] });
    const { course } = await cmi5Course(Buffer.from(xml), 'cmi5.xml');
    expect(course).toMatchObject({ fileCount: 0, sizeBytes: 0 });
    expect(course.aus[0]?.url).toBe('https://content.example.com/forklift/au1.html');
  });

  const zipOf = (xml: string, extra: { name: string; data: string; mode?: number }[] = []) =>
    writeZip([{ name: 'cmi5.xml', data: xml }, { name: 'au1/index.html', data: auPage('One') }, ...extra]);
  const refusals: [string, () => Buffer, string][] = [
    ['neither a zip nor XML', () => Buffer.from('%PDF-1.4 not a course'), CMI5_MESSAGES.notCmi5File],
    [
      'a zip without cmi5.xml',
      () => writeZip([{ name: 'index.html', data: '<p>hi</p>' }]),
      CMI5_MESSAGES.noStructure,
    ],
    [
      'a DOCTYPE',
      () =>
        zipOf(
          `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>${cmi5Xml({ nodes: [au(1)] }).replace(/^<\?xml[^>]*>/, '')}`,
        ),
      CMI5_MESSAGES.badStructure,
    ],
    ['not XML', () => zipOf('<courseStructure><course'), CMI5_MESSAGES.badStructure],
    ['no course', () => zipOf('<courseStructure/>'), CMI5_MESSAGES.notCmi5],
    ['no AU', () => zipOf(cmi5Xml({ nodes: [] })), CMI5_MESSAGES.noAu],
    [
      'a bad moveOn',
      () => zipOf(cmi5Xml({ nodes: [au(1, { moveOn: 'Sometimes' })] })),
      CMI5_MESSAGES.badMoveOn('Sometimes'),
    ],
    [
      'a masteryScore over 1',
      () => zipOf(cmi5Xml({ nodes: [au(1, { masteryScore: '1.5' })] })),
      CMI5_MESSAGES.badMasteryScore('1.5'),
    ],
    [
      'a bad launchMethod',
      () => zipOf(cmi5Xml({ nodes: [au(1, { launchMethod: 'Popup' })] })),
      CMI5_MESSAGES.badLaunchMethod('Popup'),
    ],
    [
      'an AU id twice',
      () => zipOf(cmi5Xml({ nodes: [au(1), au(1, { title: 'Again' })] })),
      CMI5_MESSAGES.duplicateId('https://courses.example.com/forklift/au/1'),
    ],
    [
      'an AU id that is not an IRI',
      () => zipOf(cmi5Xml({ nodes: [au(1, { id: 'part-one' })] })),
      CMI5_MESSAGES.notIri('an AU id', 'part-one'),
    ],
    [
      'a launch file missing from the zip',
      () => zipOf(cmi5Xml({ nodes: [au(1), au(2)] })),
      CMI5_MESSAGES.missingLaunch('au2/index.html'),
    ],
    [
      'an AU url leaving the package',
      () => zipOf(cmi5Xml({ nodes: [au(1, { url: '../outside.html' })] })),
      CMI5_MESSAGES.badUrl('../outside.html'),
    ],
    [
      'a file outside the package',
      () => zipOf(cmi5Xml({ nodes: [au(1)] }), [{ name: '../../evil.js', data: 'x' }]),
      SCORM_MESSAGES.unsafePath('../../evil.js'),
    ],
    [
      'a symbolic link',
      () => zipOf(cmi5Xml({ nodes: [au(1)] }), [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]),
      SCORM_MESSAGES.link('link'),
    ],
  ];
  it.each(refusals)('refuses %s with a clear 400 and keeps nothing', async (_name, make, message) => {
    const course = await addCourse(admin);
    const topic = await addTopic(admin, course.id);
    const lesson = await addLesson(admin, topic.id, { name: 'x', videoKind: 'cmi5', minStudyMinutes: 0 });
    const before = await t.database.db.select({ id: cmi5Courses.id }).from(cmi5Courses);
    const res = await upload(admin, lesson.id, make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.database.db.select({ id: cmi5Courses.id }).from(cmi5Courses)).toHaveLength(before.length);
    const files = await listFiles(filesDir);
    const known = new Set(
      (await t.database.db.select({ id: cmi5Courses.id }).from(cmi5Courses)).map((r) => r.id),
    );
    expect(files.filter((f) => f.startsWith('cmi5/') && !known.has(f.split('/')[1] ?? ''))).toEqual([]);
  });

  it('refuses cmi5.xml alone with a relative AU url', async () => {
    const course = await addCourse(admin);
    const topic = await addTopic(admin, course.id);
    const lesson = await addLesson(admin, topic.id, { name: 'x', videoKind: 'cmi5', minStudyMinutes: 0 });
    const res = await upload(admin, lesson.id, Buffer.from(cmi5Xml({ nodes: [au(1)] })), 'cmi5.xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CMI5_MESSAGES.relativeWithoutZip('au1/index.html'));
  });

  it('imports a course uploaded resumably (tus) with PUT { upload }, and DELETE removes it with its files', async () => {
    const course = await addCourse(admin);
    const topic = await addTopic(admin, course.id);
    const lesson = await addLesson(admin, topic.id, { name: 'x', videoKind: 'cmi5', minStudyMinutes: 0 });
    const zip = cmi5Package({ title: 'Resumable course' });
    const tus = tusClient(base, admin.token, SCORM_UPLOADS_PATH);
    const created = await tus.create(zip.length, 'course.zip');
    expect(created.status, created.body).toBe(201);
    const url = created.headers.location as string;
    expect((await tus.patch(url, 0, zip, zip.length)).status).toBe(204);
    const res = await admin.put(`lessons/${lesson.id}/cmi5`, { upload: url.slice(url.lastIndexOf('/') + 1) });
    expect(res.statusCode, res.body).toBe(200);
    const imported = res.json() as TCmi5Course;
    expect(imported.title).toBe('Resumable course');
    const keys = (await listFiles(filesDir)).filter((f) => f.startsWith(`cmi5/${imported.id}/`));
    expect(keys.length).toBeGreaterThanOrEqual(imported.fileCount);
    expect((await admin.delete(`lessons/${lesson.id}/cmi5`)).statusCode).toBe(204);
    expect((await listFiles(filesDir)).filter((f) => f.startsWith(`cmi5/${imported.id}/`))).toEqual([]);
    expect((await admin.get(`lessons/${lesson.id}/cmi5`)).statusCode).toBe(404);
    expect((await admin.get(`lessons/${lesson.id}/edit`)).json().video.kind).toBe('cmi5');
  });

  it('lets only course editors upload', async () => {
    const { lessonId } = await cmi5Course();
    const learner = await makeUser(t.app);
    expect((await upload(learner.client, lessonId, cmi5Package())).statusCode).toBe(403);
  });
});

describe('launch', () => {
  it('answers the AU URL with the cmi5 launch parameters, after writing LMS.LaunchData and "launched"', async () => {
    const nodes = [au(1, { moveOn: 'Passed', masteryScore: '0.75', launchParameters: 'level=2' })];
    const { lessonId } = await cmi5Course(cmi5Package({ nodes }));
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    const url = new URL(launched.url);
    expect(url.origin).toBe(t.config.content.origin);
    expect(url.pathname).toMatch(/^\/cmi5\/[\w-]{43}\/f\/au1\/index\.html$/);
    const p = paramsOf(launched.url);
    expect(p.endpoint).toBe(`${t.config.publicUrl}${XAPI_PREFIX}/`);
    expect(p.actor).toEqual({
      objectType: 'Agent',
      account: { homePage: t.config.publicUrl, name: learner.employeeCode },
    });
    expect(p.registration).toBe(launched.registration);
    expect(p.activityId).not.toBe(nodes[0]?.id);
    expect(p.activityId).toMatch(new RegExp(`^${t.config.publicUrl}/xapi/activities/lesson/${lessonId}/au/`));

    // The AU's page is served from the content origin under the session's token.
    const page = await t.app.contentApp.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(new URL(t.config.publicUrl).origin);

    const agent = encodeURIComponent(JSON.stringify(p.actor));
    const state = await lrs(
      'GET',
      `activities/state?stateId=LMS.LaunchData&activityId=${encodeURIComponent(p.activityId)}&agent=${agent}&registration=${p.registration}`,
      reader,
    );
    expect(state.json()).toEqual({
      contextTemplate: {
        contextActivities: { grouping: [{ objectType: 'Activity', id: nodes[0]?.id }] },
        extensions: { [SESSION]: launched.sessionId },
      },
      launchMode: 'Normal',
      moveOn: 'Passed',
      masteryScore: 0.75,
      launchParameters: 'level=2',
      returnURL: expect.stringMatching(new RegExp(`^${t.config.content.origin}/cmi5/.+/return$`)),
    });
    const [launchedStatement] = await statementsFor(launched.registration, VERB.launched);
    expect(launchedStatement).toMatchObject({
      actor: p.actor,
      object: { id: p.activityId },
      context: {
        registration: launched.registration,
        contextActivities: { category: [{ id: CMI5 }], grouping: [{ id: nodes[0]?.id }] },
        extensions: {
          [SESSION]: launched.sessionId,
          'https://w3id.org/xapi/cmi5/context/extensions/launchmode': 'Normal',
          'https://w3id.org/xapi/cmi5/context/extensions/moveon': 'Passed',
          [MASTERY]: 0.75,
          'https://w3id.org/xapi/cmi5/context/extensions/launchparameters': 'level=2',
          'https://w3id.org/xapi/cmi5/context/extensions/launchurl': `${url.origin}${url.pathname}`,
        },
      },
    });
  });

  it('gives the auth token once: a second POST to the fetch URL answers error 1, a GET is refused, a made-up one error 2', async () => {
    const { lessonId } = await cmi5Course();
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    const first = await fetchUrl(launched.url);
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^application\/json/);
    expect(first.body).toEqual({ 'auth-token': expect.any(String) });
    const second = await fetchUrl(launched.url);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ 'error-code': '1', 'error-text': expect.any(String) });
    expect((await fetchUrl(launched.url, 'GET')).status).toBeGreaterThanOrEqual(400);
    const forged = await t.app.contentApp.inject({ method: 'POST', url: `/cmi5/${'x'.repeat(43)}/fetch` });
    expect(forged.json()).toMatchObject({ 'error-code': '2' });
    // The token is the LRS credential of this session: Basic auth that reads LMS.LaunchData.
    const p = paramsOf(launched.url);
    const res = await lrs(
      'GET',
      `activities/state?stateId=LMS.LaunchData&activityId=${encodeURIComponent(p.activityId)}&agent=${encodeURIComponent(JSON.stringify(p.actor))}&registration=${p.registration}`,
      `Basic ${first.body['auth-token']}`,
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a locked lesson and a lesson that is not cmi5', async () => {
    const { lessonId, nextId } = await cmi5Course();
    const learner = await makeUser(t.app);
    expect((await learner.client.post(`lessons/${nextId}/cmi5/launch`)).statusCode).toBe(403);
    const course = await addCourse(admin);
    const topic = await addTopic(admin, course.id);
    const bare = await addLesson(admin, topic.id, { name: 'video', minStudyMinutes: 0 });
    const res = await learner.client.post(`lessons/${bare.id}/cmi5/launch`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CMI5_MESSAGES.notCmi5Lesson);
    const unknown = await learner.client.post(
      `lessons/${lessonId}/cmi5/launch?au=https%3A%2F%2Fnope.example`,
    );
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the cmi5 rules on the AU statements', () => {
  it('wants "initialized" first and nothing after "terminated"', async () => {
    const { lessonId } = await cmi5Course();
    const learner = await makeUser(t.app);
    const s = await session(learner.client, lessonId);
    const early = await s.send(s.completed());
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatch(/first statement of a session must be a cmi5 "initialized"/);
    const allowedFirst = await s.send(s.statement(VERB.experienced, { defined: false }));
    expect(allowedFirst.statusCode).toBe(400);
    expect((await s.send(s.initialized())).statusCode).toBe(200);
    const again = await s.send(s.initialized());
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/already sent in this session/);
    // "cmi5 allowed" statements between initialized and terminated.
    expect((await s.send(s.statement(VERB.experienced, { defined: false }))).statusCode).toBe(200);
    expect((await s.send(s.terminated())).statusCode).toBe(200);
    const late = await s.send(s.statement(VERB.experienced, { defined: false }));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(/no statement may follow "terminated"/);
  });

  it('checks what each defined verb carries: results, duration, categories, the context template, the object', async () => {
    const { lessonId } = await cmi5Course(cmi5Package({ nodes: [au(1, { moveOn: 'CompletedAndPassed' })] }));
    const learner = await makeUser(t.app);
    const s = await session(learner.client, lessonId);
    expect((await s.send(s.initialized())).statusCode).toBe(200);
    const bad: [string, object, RegExp][] = [
      [
        'no completion',
        s.statement(VERB.completed, { moveOn: true, result: { duration: 'PT1S' } }),
        /completion true/,
      ],
      [
        'no duration',
        s.statement(VERB.completed, { moveOn: true, result: { completion: true } }),
        /duration/,
      ],
      [
        'no moveOn category',
        s.statement(VERB.completed, { result: { completion: true, duration: 'PT1S' } }),
        /moveOn category/,
      ],
      [
        'a score on completed',
        s.statement(VERB.completed, {
          moveOn: true,
          result: { completion: true, duration: 'PT1S', score: { scaled: 1 } },
        }),
        /carries no score/,
      ],
      [
        'passed without success',
        s.statement(VERB.passed, { moveOn: true, result: { duration: 'PT1S' } }),
        /success true/,
      ],
      [
        'another session id',
        { ...s.completed(), context: { ...s.completed().context, extensions: { [SESSION]: 'other' } } },
        /session id/,
      ],
      [
        'no grouping',
        {
          ...s.completed(),
          context: {
            ...s.completed().context,
            contextActivities: { category: [{ id: CMI5 }, { id: MOVE_ON }] },
          },
        },
        /grouping/,
      ],
      [
        'another object',
        { ...s.completed(), object: { id: 'https://elsewhere.example/au' } },
        /object of a cmi5 defined statement/,
      ],
      ['an LMS verb', s.statement(VERB.satisfied), /only the LMS sends "satisfied"/],
      ['a verb cmi5 does not define', s.statement(VERB.experienced), /not a cmi5 defined verb/],
    ];
    for (const [name, statement, message] of bad) {
      const res = await s.send(statement);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error, name).toMatch(message);
    }
    // A batch is all or nothing: a good statement before a bad one is not stored either.
    const batch = await s.send(
      s.completed(),
      s.statement(VERB.completed, { moveOn: true, result: { completion: true } }),
    );
    expect(batch.statusCode).toBe(400);
    expect(await statementsFor(s.p.registration, VERB.completed)).toHaveLength(0);
    expect((await s.send(s.completed())).statusCode).toBe(200);
  });

  it('holds passed and failed to the masteryScore, one of them per session, and the registration rules', async () => {
    const { lessonId } = await cmi5Course(
      cmi5Package({ nodes: [au(1, { moveOn: 'CompletedAndPassed', masteryScore: '0.8' })] }),
    );
    const learner = await makeUser(t.app);
    const one = await session(learner.client, lessonId);
    await one.send(one.initialized());
    expect((await one.send(one.passed(0.7, 0.8))).json().error).toMatch(/under the masteryScore/);
    expect((await one.send(one.passed(0.9))).json().error).toMatch(/must carry the masteryScore/);
    expect((await one.send(one.failed(0.85, 0.8))).json().error).toMatch(/at or above the masteryScore/);
    expect((await one.send(one.failed(0.5, 0.8))).statusCode).toBe(200);
    expect((await one.send(one.passed(0.9, 0.8))).json().error).toMatch(/one "passed" or "failed"/);
    expect((await one.send(one.completed())).statusCode).toBe(200);
    expect((await one.send(one.terminated())).statusCode).toBe(200);

    const two = await session(learner.client, lessonId);
    await two.send(two.initialized());
    expect((await two.send(two.completed())).json().error).toMatch(
      /"completed" was already sent in this registration/,
    );
    expect((await two.send(two.passed(0.9, 0.8))).statusCode).toBe(200);
    await two.send(two.terminated());

    const three = await session(learner.client, lessonId);
    await three.send(three.initialized());
    expect((await three.send(three.passed(0.95, 0.8))).json().error).toMatch(
      /"passed" was already sent in this registration/,
    );
    expect((await three.send(three.failed(0.1, 0.8))).json().error).toMatch(
      /"failed" cannot follow "passed"/,
    );
  });

  it("limits the launch credential to its learner, registration and activity: another learner's statements and state are out of reach", async () => {
    const { lessonId } = await cmi5Course();
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const sa = await session(a.client, lessonId);
    const sb = await session(b.client, lessonId);
    await sa.send(sa.initialized());
    await sb.send(sb.initialized());
    // A's token writing about B, or in B's registration.
    const asB = await sa.send({ ...sa.completed(), actor: sb.p.actor });
    expect(asB.statusCode).toBe(403);
    const inB = await sa.send({
      ...sa.completed(),
      context: { ...sa.completed().context, registration: sb.p.registration },
    });
    expect(inB.statusCode).toBe(403);
    const bState = `activities/state?stateId=LMS.LaunchData&activityId=${encodeURIComponent(sb.p.activityId)}&agent=${encodeURIComponent(JSON.stringify(sb.p.actor))}&registration=${sb.p.registration}`;
    expect((await lrs('GET', bState, sa.token)).statusCode).toBe(403);
    expect((await lrs('PUT', bState, sa.token, { hacked: true })).statusCode).toBe(403);
    // Its own LMS.LaunchData is read-only; other state of its own is fine.
    const own = (id: string) =>
      `activities/state?stateId=${id}&activityId=${encodeURIComponent(sa.p.activityId)}&agent=${encodeURIComponent(JSON.stringify(sa.p.actor))}&registration=${sa.p.registration}`;
    expect((await lrs('PUT', own('LMS.LaunchData'), sa.token, { moveOn: 'NotApplicable' })).statusCode).toBe(
      403,
    );
    expect((await lrs('PUT', own('bookmark'), sa.token, { page: 3 })).statusCode).toBe(204);
    // Voiding is never allowed (cmi5 6.3).
    const voiding = await sa.send({
      ...sa.statement('http://adlnet.gov/expapi/verbs/voided', { defined: false }),
      object: { objectType: 'StatementRef', id: '6690e6c9-3ef0-4ed3-8b37-7f3964730bee' },
    });
    expect(voiding.statusCode).toBe(403);
    // Reading statements: its own learner's only.
    const mine = await lrs('GET', 'statements', sa.token);
    expect(mine.statusCode).toBe(200);
    const actors = new Set(
      mine.json().statements.map((s: { actor: { account: { name: string } } }) => s.actor.account.name),
    );
    expect([...actors]).toEqual([a.employeeCode]);
    expect(
      (await lrs('GET', `statements?agent=${encodeURIComponent(JSON.stringify(sb.p.actor))}`, sa.token))
        .statusCode,
    ).toBe(403);
    const [bLaunched] = await statementsFor(sb.p.registration, VERB.launched);
    expect((await lrs('GET', `statements?statementId=${bLaunched?.id}`, sa.token)).statusCode).toBe(404);
    // The LRS's key list does not show launch credentials.
    const keys = (await admin.get('xapi/credentials')).json() as { name: string }[];
    expect(keys.some((k) => k.name.startsWith('cmi5 session'))).toBe(false);
  });
});

describe('moveOn, satisfied and the lesson', () => {
  it('satisfies each AU by its moveOn; when all are, the LMS issues "satisfied" and the lesson passes, unlocking the next', async () => {
    const nodes: TestNode[] = [
      au(1, { moveOn: 'Passed' }),
      au(2, { moveOn: 'Completed' }),
      {
        block: 'https://courses.example.com/forklift/block/b',
        title: 'Practice',
        children: [au(3, { moveOn: 'CompletedAndPassed' }), au(4, { moveOn: 'CompletedOrPassed' })],
      },
      au(5, { moveOn: 'NotApplicable' }),
    ];
    const { lessonId, topicId, nextId } = await cmi5Course(cmi5Package({ nodes }));
    const learner = await makeUser(t.app);
    const ids = [1, 2, 3, 4, 5].map((n) => `https://courses.example.com/forklift/au/${n}`);
    const satisfied = async () =>
      Object.fromEntries(
        (await standing(learner.client, lessonId)).aus.map((a) => [a.id.slice(-1), a.satisfied]),
      );

    // Passed: completed alone is not enough.
    const s1 = await session(learner.client, lessonId, ids[0]);
    await s1.send(s1.initialized(), s1.completed());
    expect((await satisfied())['1']).toBe(false);
    await s1.send(s1.passed(), s1.terminated());
    // Completed.
    const s2 = await session(learner.client, lessonId, ids[1]);
    await s2.send(s2.initialized(), s2.completed(), s2.terminated());
    // CompletedAndPassed, across two sessions.
    const s3 = await session(learner.client, lessonId, ids[2]);
    await s3.send(s3.initialized(), s3.passed(), s3.terminated());
    expect((await satisfied())['3']).toBe(false);
    const s3b = await session(learner.client, lessonId, ids[2]);
    await s3b.send(s3b.initialized(), s3b.completed(), s3b.terminated());
    expect(await satisfied()).toEqual({ '1': true, '2': true, '3': true, '4': false, '5': true });
    expect(await nextLocked(learner.client, topicId, nextId)).toBe(true);
    expect((await standing(learner.client, lessonId)).satisfied).toBe(false);
    // CompletedOrPassed: a failure first, then completed.
    const s4 = await session(learner.client, lessonId, ids[3]);
    expect((await s4.send(s4.initialized(), s4.failed(0.2))).statusCode).toBe(200);
    expect((await satisfied())['4']).toBe(false);
    expect((await s4.send(s4.completed(), s4.terminated())).statusCode).toBe(200);

    const after = await standing(learner.client, lessonId);
    expect(after.satisfied).toBe(true);
    expect(after.aus.every((a) => a.satisfied)).toBe(true);
    const satisfiedStatements = await statementsFor(s4.p.registration, VERB.satisfied);
    expect(satisfiedStatements.map((s) => s.object.definition.type.split('/').pop())).toEqual([
      'block',
      'course',
    ]);
    // Issued in the session that satisfied them, with LMS-generated ids (never the publisher's).
    expect(satisfiedStatements[1]?.context.extensions[SESSION]).toBe(s4.launched.sessionId);
    expect(satisfiedStatements[1]?.object.id).not.toBe('https://courses.example.com/forklift');
    expect(await nextLocked(learner.client, topicId, nextId)).toBe(false);
    const progress = (await learner.client.get(`my-lessons?thematic_id=${topicId}`)).json() as TMyLesson[];
    expect(progress.find((l) => l.id === lessonId)?.status).toBe('PASSED');
  });

  it("shows in the progress reports: studying with its sessions until satisfied, then passed with the AUs' mean score", async () => {
    const nodes = [au(1, { moveOn: 'Passed' }), au(2, { moveOn: 'Passed' })];
    const { lessonId, courseId } = await cmi5Course(cmi5Package({ nodes }));
    const learner = await makeUser(t.app);
    const lessonOf = async () => {
      const detail = (await admin.get(`progress/users/${learner.id}`)).json() as TLearnerProgress;
      return detail.courses.flatMap((c) => c.lessons).find((l) => l.id === lessonId);
    };
    const ids = [1, 2].map((n) => `https://courses.example.com/forklift/au/${n}`);
    const first = await session(learner.client, lessonId, ids[0]);
    await first.send(first.initialized(), first.passed(0.9), first.terminated());
    // The AU's failure is not the course's: another session may still satisfy it.
    const second = await session(learner.client, lessonId, ids[1]);
    await second.send(second.initialized(), second.failed(0.3));
    expect(await lessonOf()).toMatchObject({
      contentKind: 'cmi5',
      status: 'STUDYING',
      passed: false,
      package: { kind: 'cmi5', status: 'STUDYING', scorePercent: 60, attempts: 2, maxAttempts: null },
    });
    const again = await session(learner.client, lessonId, ids[1]);
    await again.send(again.initialized(), again.passed(0.7), again.terminated());
    expect(await lessonOf()).toMatchObject({
      status: 'PASSED',
      passed: true,
      package: { status: 'PASSED', scorePercent: 80, attempts: 3 },
    });
    const mine = (await learner.client.get('my-progress')).json() as TMyProgress;
    expect(mine.courses.flatMap((c) => c.lessons).find((l) => l.id === lessonId)?.package).toMatchObject({
      kind: 'cmi5',
      status: 'PASSED',
    });

    // A recertification starts the course over (decision 105): the registration stays, but its
    // earlier cycle is not shown as this cycle's.
    await endCycles(t.database.db, [{ userId: learner.id, courseId, cycle: 1 }], new Date(Date.now() + 1000));
    expect(await lessonOf()).toBeUndefined();
    expect((await learner.client.post(`user-lesson/update-status/${lessonId}`)).statusCode).toBe(200);
    expect(await lessonOf()).toMatchObject({ status: 'STUDYING', passed: false, package: null });
  });

  it('starts over in a new cycle (decision 123): not passed until the AU is satisfied again, in a registration of its own', async () => {
    const { lessonId, courseId, topicId, nextId } = await cmi5Course(
      cmi5Package({ nodes: [au(1, { moveOn: 'CompletedAndPassed' })] }),
    );
    const learner = await makeUser(t.app);
    const percent = async () =>
      (await learner.client.get(`my-courses/course-percent/${courseId}`)).json() as TCoursePercent;
    const lessonStatus = async () =>
      ((await learner.client.get(`my-lessons?thematic_id=${topicId}`)).json() as TMyLesson[]).find(
        (l) => l.id === lessonId,
      )?.status;
    const first = await session(learner.client, lessonId);
    await first.send(first.initialized(), first.completed(), first.passed(0.9), first.terminated());
    expect((await learner.client.post(`user-lesson/update-status/${nextId}`)).statusCode).toBe(200);
    expect(await percent()).toMatchObject({ passedLessons: 2, totalLessons: 2, percent: 100 });

    // A recertification opens cycle 2 (decision 105).
    await endCycles(t.database.db, [{ userId: learner.id, courseId, cycle: 1 }], new Date(Date.now() + 1000));
    const fresh = await standing(learner.client, lessonId);
    expect(fresh.satisfied).toBe(false);
    expect(fresh.aus[0]).toMatchObject({ completed: false, passed: false, satisfied: false });
    expect(await lessonStatus()).not.toBe('PASSED');
    expect(await percent()).toMatchObject({ passedLessons: 0, percent: 0 });

    // Launching in the new cycle does not pass it either: a registration of its own, empty.
    const again = await session(learner.client, lessonId);
    expect(again.p.registration).not.toBe(first.p.registration);
    expect(await lessonStatus()).not.toBe('PASSED');
    expect((await standing(learner.client, lessonId)).satisfied).toBe(false);
    expect(await nextLocked(learner.client, topicId, nextId)).toBe(true);
    // Satisfying the AU again passes it again; the first cycle's statements stay in their registration.
    const sent = await again.send(
      again.initialized(),
      again.completed(),
      again.passed(0.8),
      again.terminated(),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await standing(learner.client, lessonId)).satisfied).toBe(true);
    expect(await lessonStatus()).toBe('PASSED');
    expect(await nextLocked(learner.client, topicId, nextId)).toBe(false);
    expect(await statementsFor(first.p.registration, VERB.satisfied)).toHaveLength(1);
    expect(await statementsFor(again.p.registration, VERB.satisfied)).toHaveLength(1);
  });

  it("keeps an ended cycle's registration to itself: a session left open across the recertification satisfies only it", async () => {
    const nodes = [au(1, { moveOn: 'Completed' }), au(2, { moveOn: 'Completed' })];
    const { lessonId, courseId, topicId } = await cmi5Course(cmi5Package({ nodes }));
    const learner = await makeUser(t.app);
    const first = await session(learner.client, lessonId, au(1).id);
    await first.send(first.initialized(), first.completed(), first.terminated());
    const open = await session(learner.client, lessonId, au(2).id);
    await open.send(open.initialized());

    await endCycles(t.database.db, [{ userId: learner.id, courseId, cycle: 1 }], new Date(Date.now() + 1000));
    const sent = await open.send(open.completed(), open.terminated());
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await statementsFor(open.p.registration, VERB.satisfied)).toHaveLength(1);
    expect((await standing(learner.client, lessonId)).satisfied).toBe(false);
    const lessons = (await learner.client.get(`my-lessons?thematic_id=${topicId}`)).json() as TMyLesson[];
    expect(lessons.find((l) => l.id === lessonId)?.status).not.toBe('PASSED');
  });

  it('satisfies a course of NotApplicable AUs at registration', async () => {
    const { lessonId, topicId, nextId } = await cmi5Course(cmi5Package({ nodes: [au(1)] }));
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    expect((await standing(learner.client, lessonId)).satisfied).toBe(true);
    const satisfied = await statementsFor(launched.registration, VERB.satisfied);
    expect(satisfied).toHaveLength(1);
    expect(satisfied[0]?.context.extensions[SESSION]).not.toBe(launched.sessionId);
    expect(await nextLocked(learner.client, topicId, nextId)).toBe(false);
  });

  it('abandons a session that never terminated when the learner launches again', async () => {
    const { lessonId } = await cmi5Course(cmi5Package({ nodes: [au(1, { moveOn: 'Completed' })] }));
    const learner = await makeUser(t.app);
    const first = await session(learner.client, lessonId);
    await first.send(first.initialized());
    const second = await launch(learner.client, lessonId);
    const [abandoned] = await statementsFor(second.registration, VERB.abandoned);
    expect(abandoned).toMatchObject({
      object: { id: first.p.activityId },
      result: { duration: expect.stringMatching(/^PT/) },
      context: { extensions: { [SESSION]: first.launched.sessionId } },
    });
    // The abandoned session's credential and fetch URL are dead; the new one works.
    expect((await first.send(first.completed())).statusCode).toBe(401);
    expect((await fetchUrl(second.url)).body).toHaveProperty('auth-token');
    // A terminated session is not abandoned by the next launch.
    const third = await session(learner.client, lessonId);
    expect((await fetchUrl(third.launched.url)).body).toMatchObject({ 'error-code': '1' });
  });

  it('lets a progress manager waive an AU, once, with its reason; the course and lesson follow', async () => {
    const nodes = [au(1, { moveOn: 'Passed' }), au(2, { moveOn: 'Completed' })];
    const { lessonId, topicId, nextId } = await cmi5Course(cmi5Package({ nodes }));
    const learner = await makeUser(t.app);
    const manager = await makeUser(t.app, { permissions: ['PROGRESS_MANAGEMENT'] });
    const s = await session(learner.client, lessonId, 'https://courses.example.com/forklift/au/2');
    await s.send(s.initialized(), s.completed(), s.terminated());
    const body = {
      userId: learner.id,
      au: 'https://courses.example.com/forklift/au/1',
      reason: 'Tested Out',
    };
    expect((await learner.client.post(`lessons/${lessonId}/cmi5/waive`, body)).statusCode).toBe(403);
    const res = await manager.client.post(`lessons/${lessonId}/cmi5/waive`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      satisfied: true,
      aus: [{ waived: true, satisfied: true }, { satisfied: true }],
    });
    const [waived] = await statementsFor(s.p.registration, VERB.waived);
    expect(waived).toMatchObject({
      result: {
        success: true,
        completion: true,
        extensions: { 'https://w3id.org/xapi/cmi5/result/extensions/reason': 'Tested Out' },
      },
      context: { contextActivities: { category: [{ id: CMI5 }, { id: MOVE_ON }] } },
    });
    expect(waived?.context.extensions[SESSION]).not.toBe(s.launched.sessionId);
    expect((await manager.client.post(`lessons/${lessonId}/cmi5/waive`, body)).statusCode).toBe(409);
    expect(await nextLocked(learner.client, topicId, nextId)).toBe(false);
  });
});
