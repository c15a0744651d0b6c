import path from 'node:path';
import {
  SCORM_MESSAGES,
  type TMyLesson,
  type TScormAttempt,
  type TScormLaunch,
  type TScormPackage,
} from '@academy/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { formData, listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { writeZip } from '../../../test/zip';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { blankPdf } from '../certificates/testing';
import { endCycles } from '../study';
import { lessonProgress } from '../study/tables';
import { users } from '../users/tables';
import { loadLaunchSecret, readLaunch, signLaunch } from './credential';
import { scormAttempts, scormPackageFiles, scormPackages, scormScoStates } from './tables';
import { manifestXml, scoPage, scormPackage } from './testing';

let t: TestApp;
let admin: ApiClient;
let filesDir: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
});
afterAll(() => t.close());

const upload = (client: ApiClient, lessonId: number, zip: Buffer, name = 'package.zip') =>
  client.put(`lessons/${lessonId}/package`, formData({}, { file: [zip, name, 'application/zip'] }));

/** A course of a SCORM lesson followed by a video lesson, in an ordered course. */
async function scormCourse(zip: Buffer = scormPackage()) {
  const course = await addCourse(admin);
  const topic = await addTopic(admin, course.id);
  const scormLesson = await addLesson(admin, topic.id, {
    name: 'SCORM',
    videoKind: 'scorm',
    minStudyMinutes: 0,
  });
  const next = await addLesson(admin, topic.id, { name: 'Next', minStudyMinutes: 0 });
  const res = await upload(admin, scormLesson.id, zip);
  expect(res.statusCode, res.body).toBe(200);
  return { course, topic, lessonId: scormLesson.id, nextId: next.id, pkg: res.json() as TScormPackage };
}

const contentPath = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => contentPath(url).split('/')[2] ?? '';

async function launch(client: ApiClient, lessonId: number, query = ''): Promise<TScormLaunch> {
  const res = await client.post(`lessons/${lessonId}/scorm/launch${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function commit(url: string, cmi: Record<string, unknown>, contentType = 'application/json') {
  return t.app.contentApp.inject({
    method: 'POST',
    url: `${contentPath(url)}commit`,
    headers: { 'content-type': contentType },
    payload: JSON.stringify({ runtimeData: { cmi } }),
  });
}

async function attemptOf(client: ApiClient, lessonId: number): Promise<TScormAttempt> {
  const res = await client.get(`lessons/${lessonId}/scorm/attempt`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function nextLocked(client: ApiClient, topicId: number, lessonId: number): Promise<boolean> {
  const lessons = (await client.get(`my-lessons?thematic_id=${topicId}`)).json() as TMyLesson[];
  return lessons.find((l) => l.id === lessonId)?.locked ?? true;
}

/** The stored state of the learner's SCO in their latest attempt of the lesson. */
async function scoStateOf(userId: number, lessonId: number, sco = 'sco1') {
  const [row] = await t.database.db
    .select({ state: scormScoStates })
    .from(scormScoStates)
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormScoStates.attemptId))
    .where(
      and(
        eq(scormAttempts.userId, userId),
        eq(scormAttempts.lessonId, lessonId),
        eq(scormScoStates.sco, sco),
      ),
    )
    .orderBy(desc(scormAttempts.number))
    .limit(1);
  if (!row) throw new Error(`no state of ${sco}`);
  return row.state;
}

/** Moves the running session's launch back in time, so the wall-clock cap allows `seconds` of it. */
async function launchedAgo(userId: number, lessonId: number, seconds: number, sco = 'sco1') {
  const state = await scoStateOf(userId, lessonId, sco);
  await t.database.db
    .update(scormScoStates)
    .set({ sessionStartedAt: new Date(Date.now() - seconds * 1000) })
    .where(and(eq(scormScoStates.attemptId, state.attemptId), eq(scormScoStates.sco, sco)));
}

async function packageRows() {
  return t.database.db.select({ id: scormPackages.id }).from(scormPackages);
}

describe('import', () => {
  it('reads a SCORM 1.2 package: title, version, SCOs, and makes the lesson a SCORM lesson', async () => {
    const zip = scormPackage({
      title: 'Two-part course',
      scos: [
        { id: 'intro', title: 'Introduction', href: 'intro/index.html' },
        { id: 'quiz', title: 'Quiz', href: 'quiz/index.html?mode=test' },
      ],
    });
    const { lessonId, pkg } = await scormCourse(zip);
    expect(pkg).toMatchObject({
      title: 'Two-part course',
      version: '1.2',
      scos: [
        { identifier: 'intro', title: 'Introduction', launch: 'intro/index.html' },
        { identifier: 'quiz', title: 'Quiz', launch: 'quiz/index.html?mode=test' },
      ],
      items: [
        { identifier: 'intro', sco: 'intro', depth: 0 },
        { identifier: 'quiz', sco: 'quiz', depth: 0 },
      ],
      warnings: [],
      fileCount: 4,
    });
    const lesson = (await admin.get(`lessons/${lessonId}/edit`)).json();
    expect(lesson.video).toMatchObject({ kind: 'scorm', url: '' });
    expect((await admin.get(`lessons/${lessonId}/package`)).json()).toMatchObject({
      id: pkg.id,
      title: 'Two-part course',
    });
  });

  it('detects SCORM 2004 4th edition and warns about sequencing beyond flow and choice', async () => {
    const scos = [{ id: 's1', title: 'One', href: 'one.html' }];
    const manifest = manifestXml(
      '2004',
      'Sequenced',
      scos,
      '<imsss:sequencing><imsss:sequencingRules><imsss:preConditionRule/></imsss:sequencingRules></imsss:sequencing>',
    );
    const zip = writeZip([
      { name: 'imsmanifest.xml', data: manifest },
      { name: 'one.html', data: scoPage('2004', 'One') },
    ]);
    const { pkg } = await scormCourse(zip);
    expect(pkg.version).toBe('2004 4th edition');
    expect(pkg.warnings).toHaveLength(1);
    expect(pkg.warnings[0]).toMatch(/sequencingRules.*choice navigation/);
  });

  it("reads a nested organization as the menu's tree: a folder, and its two SCOs one level down", async () => {
    const zip = scormPackage({
      version: '2004',
      title: 'Nested',
      scos: [
        {
          id: 'module',
          title: 'Module 1',
          children: [
            { id: 'part-a', title: 'Part A', href: 'a/index.html' },
            { id: 'part-b', title: 'Part B', href: 'b/index.html' },
          ],
        },
      ],
    });
    const { lessonId, pkg } = await scormCourse(zip);
    const menu = [
      { identifier: 'module', title: 'Module 1', sco: null, depth: 0 },
      { identifier: 'part-a', title: 'Part A', sco: 'part-a', depth: 1 },
      { identifier: 'part-b', title: 'Part B', sco: 'part-b', depth: 1 },
    ];
    expect(pkg.items).toEqual(menu);
    expect(pkg.scos.map((s) => s.identifier)).toEqual(['part-a', 'part-b']);
    // The learner's attempt carries the same menu for the lesson page.
    const learner = await makeUser(t.app);
    expect((await attemptOf(learner.client, lessonId)).items).toEqual(menu);
  });

  it.each([
    ['CAM 1.3', '2004 2nd edition'],
    ['2004 3rd Edition', '2004 3rd edition'],
    ['2004 4th Edition', '2004 4th edition'],
  ])('reads schemaversion %s as SCORM %s', async (schemaVersion, version) => {
    const scos = [{ id: 's1', title: 'One', href: 'one.html' }];
    const manifest = manifestXml('2004', 'Editions', scos).replace(
      '<schemaversion>2004 4th Edition</schemaversion>',
      `<schemaversion>${schemaVersion}</schemaversion>`,
    );
    const zip = writeZip([
      { name: 'imsmanifest.xml', data: manifest },
      { name: 'one.html', data: scoPage('2004', 'One') },
    ]);
    const { pkg } = await scormCourse(zip);
    expect(pkg.version).toBe(version);
  });

  it('replaces the package of a lesson and deletes the old files', async () => {
    const { lessonId, pkg } = await scormCourse();
    const before = await t.database.db
      .select()
      .from(scormPackageFiles)
      .where(eq(scormPackageFiles.packageId, pkg.id));
    const res = await upload(admin, lessonId, scormPackage({ title: 'Second version' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Second version');
    const files = await listFiles(filesDir);
    for (const f of before) expect(files).not.toContain(f.storageKey);
  });

  const good = (extra: { name: string; data: string; mode?: number }[] = [], manifest?: string) =>
    writeZip([
      {
        name: 'imsmanifest.xml',
        data: manifest ?? manifestXml('1.2', 'T', [{ id: 's', title: 'S', href: 'index.html' }]),
      },
      { name: 'index.html', data: '<p>hi</p>' },
      ...extra,
    ]);

  const refusals: [string, () => Buffer, string][] = [
    ['not a zip', () => Buffer.from('%PDF-1.4 this is not a zip'), SCORM_MESSAGES.notZip],
    ['no manifest', () => writeZip([{ name: 'index.html', data: '<p>hi</p>' }]), SCORM_MESSAGES.noManifest],
    [
      'a manifest in a folder, not at the root',
      () =>
        writeZip([
          {
            name: 'pkg/imsmanifest.xml',
            data: manifestXml('1.2', 'T', [{ id: 's', title: 'S', href: 'index.html' }]),
          },
          { name: 'pkg/index.html', data: 'x' },
        ]),
      SCORM_MESSAGES.noManifest,
    ],
    ['a malformed manifest', () => good([], '<manifest><organizations>'), SCORM_MESSAGES.badManifest],
    [
      'a manifest with entities',
      () => good([], '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><manifest>&a;</manifest>'),
      SCORM_MESSAGES.badManifest,
    ],
    [
      'a manifest that is not SCORM',
      () => good([], '<manifest><organizations/></manifest>'),
      SCORM_MESSAGES.notScorm,
    ],
    [
      'a missing launch file',
      () =>
        writeZip([
          {
            name: 'imsmanifest.xml',
            data: manifestXml('1.2', 'T', [{ id: 's', title: 'S', href: 'gone.html' }]),
          },
        ]),
      SCORM_MESSAGES.missingLaunch('gone.html'),
    ],
    [
      'a path outside the folder',
      () => good([{ name: '../evil.html', data: 'x' }]),
      SCORM_MESSAGES.unsafePath('../evil.html'),
    ],
    [
      'an absolute path',
      () => good([{ name: '/etc/passwd', data: 'x' }]),
      SCORM_MESSAGES.unsafePath('/etc/passwd'),
    ],
    [
      'a symbolic link',
      () => good([{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]),
      SCORM_MESSAGES.link('link'),
    ],
    [
      'more than 20,000 files',
      () => good(Array.from({ length: 20_000 }, (_, i) => ({ name: `f/${i}.txt`, data: '' }))),
      SCORM_MESSAGES.tooManyFiles,
    ],
    [
      'more than 4 GB unpacked',
      () =>
        writeZip([
          {
            name: 'imsmanifest.xml',
            data: manifestXml('1.2', 'T', [{ id: 's', title: 'S', href: 'index.html' }]),
          },
          { name: 'index.html', data: 'x' },
          // 7.5 MB each, said to unpack to 1.45 GB: a ratio under the bomb's, a total over 4 GB.
          ...Array.from({ length: 3 }, (_, i) => ({
            name: `big${i}.bin`,
            data: Buffer.alloc(7_500_000),
            deflate: true,
            level: 0,
            declaredSize: 1_450_000_000,
          })),
        ]),
      SCORM_MESSAGES.tooBig,
    ],
    [
      'a compression ratio that says bomb',
      () =>
        writeZip([
          {
            name: 'imsmanifest.xml',
            data: manifestXml('1.2', 'T', [{ id: 's', title: 'S', href: 'index.html' }]),
          },
          { name: 'index.html', data: 'x' },
          { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), deflate: true },
        ]),
      SCORM_MESSAGES.bomb('zeros.bin'),
    ],
    [
      'sizes that lie',
      () =>
        writeZip([
          {
            name: 'imsmanifest.xml',
            data: manifestXml('1.2', 'T', [{ id: 's', title: 'S', href: 'index.html' }]),
          },
          { name: 'index.html', data: Buffer.alloc(300_000, 'a'), deflate: true, declaredSize: 10 },
        ]),
      SCORM_MESSAGES.damaged,
    ],
  ];

  it.each(refusals)('refuses %s with a clear message and keeps nothing', async (_what, build, message) => {
    const course = await addCourse(admin);
    const topic = await addTopic(admin, course.id);
    const lesson = await addLesson(admin, topic.id, { videoKind: 'scorm', minStudyMinutes: 0 });
    const packagesBefore = (await packageRows()).length;
    const filesBefore = await listFiles(filesDir);
    const started = Date.now();
    const res = await upload(admin, lesson.id, build());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await packageRows()).length).toBe(packagesBefore);
    expect(await listFiles(filesDir)).toEqual(filesBefore);
  });

  it('needs Course management with the edit key', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const viewer = await makeUser(t.app, { permissions: ['COURSE_MANAGEMENT'] });
    expect((await upload(learner.client, lessonId, scormPackage())).statusCode).toBe(403);
    expect((await upload(viewer.client, lessonId, scormPackage())).statusCode).toBe(403);
    expect((await viewer.client.get(`lessons/${lessonId}/package`)).statusCode).toBe(200);
    expect((await upload(admin, lessonId, Buffer.alloc(0), '')).statusCode).toBe(400);
  });
});

describe('playing on the content origin', () => {
  it('launches a SCO in a frame of the content origin, framed by the academy only', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    const url = new URL(launched.url);
    expect(url.origin).toBe(t.config.content.origin);
    expect(url.origin).not.toBe(new URL(t.config.publicUrl).origin);
    expect(launched).toMatchObject({ sco: 'sco1', attemptNumber: 1 });

    const page = await t.app.contentApp.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(
      `frame-ancestors ${new URL(t.config.publicUrl).origin}`,
    );
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('/runtime/scorm-again.js');

    const file = await t.app.contentApp.inject({ method: 'GET', url: `${url.pathname}f/sco1/index.html` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/html/);
    expect(file.headers['content-security-policy']).toContain(
      `frame-ancestors ${t.config.content.origin} ${new URL(t.config.publicUrl).origin}`,
    );
    expect(
      (await t.app.contentApp.inject({ method: 'GET', url: `${url.pathname}f/nothing.html` })).statusCode,
    ).toBe(404);
    const script = await t.app.contentApp.inject({ method: 'GET', url: '/runtime/scorm-again.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('Scorm2004API');

    // The academy's own pages allow frames of the content origin only (besides its own and YouTube).
    const home = await t.app.inject({ method: 'GET', url: '/services/core/api/config' });
    expect(home.headers['content-security-policy']).toContain(`frame-src 'self' blob:`);
    expect(home.headers['content-security-policy']).toContain(t.config.content.origin);
    // The content origin serves no API.
    expect(
      (await t.app.contentApp.inject({ method: 'GET', url: '/services/core/api/config' })).statusCode,
    ).toBe(404);
  });

  it('refuses a locked lesson, a lesson without a package and a lesson that is not SCORM', async () => {
    const { lessonId, topic, nextId } = await scormCourse();
    const learner = await makeUser(t.app);
    const locked = await learner.client.post(`lessons/${nextId}/scorm/launch`);
    expect(locked.statusCode).toBe(403);
    const course = await addCourse(admin);
    const bareTopic = await addTopic(admin, course.id);
    const bare = await addLesson(admin, bareTopic.id, { videoKind: 'scorm', minStudyMinutes: 0 });
    const none = await learner.client.post(`lessons/${bare.id}/scorm/launch`);
    expect(none.json()).toMatchObject({ status: 404, message: SCORM_MESSAGES.noPackage });
    const video = await addLesson(admin, bareTopic.id, { minStudyMinutes: 0 });
    void video;
    void lessonId;
    void topic;
  });

  it('lets a manager preview without recording anything', async () => {
    const { lessonId } = await scormCourse();
    const res = await admin.post(`lessons/${lessonId}/package/preview`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as TScormLaunch;
    expect(preview.attemptNumber).toBe(0);
    const state = await t.app.contentApp.inject({ method: 'GET', url: `${contentPath(preview.url)}state` });
    expect(state.json()).toMatchObject({ preview: true, version: '1.2', launch: 'sco1/index.html' });
    const written = await commit(preview.url, { core: { lesson_status: 'passed' } });
    expect(written.statusCode).toBe(200);
    expect(
      (await t.database.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, lessonId))).length,
    ).toBe(0);
  });
});

describe('tracking', () => {
  it('saves every commit: status, score, location, suspend data, interactions; time capped by the wall clock', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    const res = await commit(launched.url, {
      core: {
        lesson_status: 'incomplete',
        lesson_location: 'page-3',
        score: { raw: '40', min: '0', max: '50' },
        session_time: '0002:00:00',
        exit: 'suspend',
      },
      suspend_data: 'a=1;b=2',
      interactions: { childArray: [{ id: 'q1', type: 'choice', student_response: 'b', result: 'correct' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'true', errorCode: 0 });
    const attempt = await attemptOf(learner.client, lessonId);
    expect(attempt).toMatchObject({
      attemptNumber: 1,
      completionStatus: 'incomplete',
      successStatus: 'unknown',
      scoreRaw: 40,
      scoreMax: 50,
      scoreScaled: 0.8,
      location: 'page-3',
      suspendData: 'a=1;b=2',
      passed: false,
      canStartNew: false,
    });
    // Two hours reported a moment after the launch: the wall clock allows a second or so.
    expect(attempt.totalTimeSeconds).toBeLessThan(5);
  });

  it("keeps the SCO's interactions, a later commit merging its own into them by interaction id", async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    const q1 = { id: 'q1', type: 'choice', student_response: 'b', result: 'correct' };
    expect(
      (
        await commit(launched.url, {
          core: { lesson_status: 'incomplete' },
          interactions: { childArray: [q1] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await scoStateOf(learner.id, lessonId)).interactions).toEqual([q1]);

    // q1 answered again and q2 new, listed in another order: q1 is replaced in its place.
    const q1Again = { id: 'q1', type: 'choice', student_response: 'c', result: 'wrong' };
    const q2 = { id: 'q2', type: 'true-false', student_response: 't', result: 'correct' };
    await commit(launched.url, { interactions: { childArray: [q2, q1Again] } });
    expect((await scoStateOf(learner.id, lessonId)).interactions).toEqual([q1Again, q2]);
    // A commit without interactions keeps them.
    await commit(launched.url, { core: { lesson_location: 'p2' } });
    expect((await scoStateOf(learner.id, lessonId)).interactions).toEqual([q1Again, q2]);
  });

  it("adds up the session times of the SCO's launches into the attempt's total time", async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const first = await launch(learner.client, lessonId);
    // Launched an hour ago, so the wall-clock cap allows the ten minutes reported.
    await launchedAgo(learner.id, lessonId, 3600);
    await commit(first.url, { core: { lesson_status: 'incomplete', session_time: '0000:10:00' } });
    expect((await attemptOf(learner.client, lessonId)).totalTimeSeconds).toBe(600);

    const second = await launch(learner.client, lessonId);
    await launchedAgo(learner.id, lessonId, 3600);
    await commit(second.url, { core: { lesson_status: 'incomplete', session_time: '0000:05:00' } });
    expect((await attemptOf(learner.client, lessonId)).totalTimeSeconds).toBe(900);
    // The next launch starts the SCO with the total so far.
    const third = await launch(learner.client, lessonId);
    const state = await t.app.contentApp.inject({ method: 'GET', url: `${contentPath(third.url)}state` });
    expect(state.json().cmi.core.total_time).toBe('0000:15:00');
  });

  it('writes a commit in five statements (six with several SCOs): the runtime commits every 30 s', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    await commit(launched.url, { core: { lesson_status: 'incomplete', session_time: '00:00:01' } });
    t.database.queries.reset();
    const res = await commit(launched.url, {
      core: { lesson_status: 'incomplete', lesson_location: 'p3', session_time: '00:00:02' },
      suspend_data: 'page=3',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The package with the state, the attempt and the cycle's time; the state; the attempt, beside
    // study's lesson (its one tree query) and its row.
    expect(t.database.queries.count).toBe(5);
  });

  it('takes the beacon sent as text/plain when the page goes away', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    const res = await commit(
      launched.url,
      { core: { lesson_location: 'slide-9' } },
      'text/plain;charset=UTF-8',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await attemptOf(learner.client, lessonId)).location).toBe('slide-9');
  });

  it('resumes: the next launch starts with entry resume, the location and the suspend data', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app, { fullName: 'Mai Tran' });
    const first = await launch(learner.client, lessonId);
    await commit(first.url, {
      core: {
        lesson_status: 'incomplete',
        lesson_location: '2',
        exit: 'suspend',
        session_time: '0000:00:01',
      },
      suspend_data: 'page=2',
    });
    const again = await launch(learner.client, lessonId);
    expect(again.attemptNumber).toBe(1);
    const state = await t.app.contentApp.inject({ method: 'GET', url: `${contentPath(again.url)}state` });
    expect(state.json()).toMatchObject({
      version: '1.2',
      cmi: {
        core: {
          entry: 'resume',
          lesson_location: '2',
          lesson_status: 'incomplete',
          student_name: 'Mai Tran',
        },
        suspend_data: 'page=2',
      },
    });
  });

  it('maps SCORM 2004 statuses and scores', async () => {
    const zip = scormPackage({ version: '2004', scos: [{ id: 'a', title: 'A', href: 'a.html' }] });
    const { lessonId } = await scormCourse(zip);
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    await commit(launched.url, {
      completion_status: 'completed',
      success_status: 'failed',
      score: { scaled: '0.35', raw: '35', min: '0', max: '100' },
      session_time: 'PT1S',
      location: 'end',
    });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({
      completionStatus: 'completed',
      successStatus: 'failed',
      scoreScaled: 0.35,
      passed: false,
      canStartNew: true,
    });
  });
});

describe('the launch credential', () => {
  it("writes only its own attempt: another learner's credential cannot touch it, a forged one is refused", async () => {
    const { lessonId } = await scormCourse();
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const launchA = await launch(a.client, lessonId);
    const launchB = await launch(b.client, lessonId);
    await commit(launchB.url, { core: { lesson_status: 'passed' } });
    expect((await attemptOf(a.client, lessonId)).completionStatus).toBe('not attempted');

    // B's credential rewritten to name A's attempt: the signature no longer matches.
    const secret = await loadLaunchSecret(t.database.db);
    const claimsA = readLaunch(secret, tokenOf(launchA.url));
    const claimsB = readLaunch(secret, tokenOf(launchB.url));
    if (!claimsA || !claimsB) throw new Error('credentials do not read');
    const [payload, signature] = tokenOf(launchB.url).split('.');
    const forgedPayload = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(`.${claimsB.attemptId}.`, `.${claimsA.attemptId}.`),
    ).toString('base64url');
    const forged = launchB.url.replace(tokenOf(launchB.url), `${forgedPayload}.${signature}`);
    const refused = await commit(forged, { core: { lesson_status: 'passed' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SCORM_MESSAGES.linkExpired);
    // A well-signed credential naming A's attempt but B as its learner is refused too.
    const mixed = signLaunch(secret, {
      ...claimsB,
      attemptId: claimsA.attemptId,
      sessionId: claimsA.sessionId,
    });
    expect(
      (await commit(launchB.url.replace(tokenOf(launchB.url), mixed), { core: { lesson_status: 'passed' } }))
        .statusCode,
    ).toBe(409);
    expect((await attemptOf(a.client, lessonId)).completionStatus).toBe('not attempted');
  });

  it("cannot write another lesson's data: its own lesson only, even named by a well-signed credential of another package", async () => {
    const one = await scormCourse();
    const other = await scormCourse();
    const learner = await makeUser(t.app);
    const launchOne = await launch(learner.client, one.lessonId);
    const launchOther = await launch(learner.client, other.lessonId);
    // Its credential writes its own lesson's attempt, and nothing of the other lesson.
    expect((await commit(launchOne.url, { core: { lesson_status: 'passed' } })).statusCode).toBe(200);
    expect((await attemptOf(learner.client, one.lessonId)).passed).toBe(true);
    expect(await attemptOf(learner.client, other.lessonId)).toMatchObject({
      completionStatus: 'not attempted',
      passed: false,
    });
    expect(await nextLocked(learner.client, other.topic.id, other.nextId)).toBe(true);

    const secret = await loadLaunchSecret(t.database.db);
    const claimsOne = readLaunch(secret, tokenOf(launchOne.url));
    const claimsOther = readLaunch(secret, tokenOf(launchOther.url));
    if (!claimsOne || !claimsOther) throw new Error('credentials do not read');
    // Rewritten to name the other lesson's package: the signature no longer matches.
    const [payload, signature] = tokenOf(launchOne.url).split('.');
    const forgedPayload = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(claimsOne.packageId, claimsOther.packageId),
    ).toString('base64url');
    const forged = launchOne.url.replace(tokenOf(launchOne.url), `${forgedPayload}.${signature}`);
    expect((await commit(forged, { core: { lesson_status: 'passed' } })).statusCode).toBe(401);
    // Well signed, naming the other lesson's package with this lesson's attempt (the same SCO id in
    // both): the attempt is not that lesson's, so nothing is written.
    const mixed = signLaunch(secret, { ...claimsOne, packageId: claimsOther.packageId });
    const refused = await commit(launchOne.url.replace(tokenOf(launchOne.url), mixed), {
      core: { lesson_status: 'passed' },
    });
    expect(refused.statusCode).toBe(409);
    expect(await attemptOf(learner.client, other.lessonId)).toMatchObject({ passed: false });
    expect(await nextLocked(learner.client, other.topic.id, other.nextId)).toBe(true);
    const lessons = (
      await learner.client.get(`my-lessons?thematic_id=${other.topic.id}`)
    ).json() as TMyLesson[];
    expect(lessons.find((l) => l.id === other.lessonId)?.passed).toBe(false);
  });

  it('expires, and an older launch of the same SCO can no longer write', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    const first = await launch(learner.client, lessonId);
    const secret = await loadLaunchSecret(t.database.db);
    const claims = readLaunch(secret, tokenOf(first.url));
    if (!claims) throw new Error('credential does not read');
    const stale = signLaunch(secret, { ...claims, expires: Math.floor(Date.now() / 1000) - 1 });
    const expiredUrl = first.url.replace(tokenOf(first.url), stale);
    expect((await commit(expiredUrl, { core: { lesson_status: 'passed' } })).statusCode).toBe(401);
    expect(
      (await t.app.contentApp.inject({ method: 'GET', url: `${contentPath(expiredUrl)}f/sco1/index.html` }))
        .statusCode,
    ).toBe(401);
    await launch(learner.client, lessonId);
    const old = await commit(first.url, { core: { lesson_status: 'passed' } });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(SCORM_MESSAGES.attemptClosed);
    expect((await attemptOf(learner.client, lessonId)).passed).toBe(false);
  });
});

describe('rules', () => {
  it('passes the lesson when the package reports passed, which unlocks the next lesson', async () => {
    const { lessonId, topic, nextId } = await scormCourse();
    const learner = await makeUser(t.app);
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(true);
    const launched = await launch(learner.client, lessonId);
    await commit(launched.url, { core: { lesson_status: 'incomplete' } });
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(true);
    await commit(launched.url, {
      core: { lesson_status: 'passed', score: { raw: '90', max: '100', min: '0' } },
    });
    expect((await attemptOf(learner.client, lessonId)).passed).toBe(true);
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(false);
    const lessons = (await learner.client.get(`my-lessons?thematic_id=${topic.id}`)).json() as TMyLesson[];
    expect(lessons.find((l) => l.id === lessonId)).toMatchObject({ status: 'PASSED', passed: true });
  });

  it('completes a course of one SCORM lesson and issues its certificate when the package passes', async () => {
    const created = await admin.post(
      'certificates',
      formData({ name: 'SCORM award' }, { file: [await blankPdf(), 'template.pdf', 'application/pdf'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const course = await addCourse(admin, { certificateId: String((created.json() as { id: number }).id) });
    const topic = await addTopic(admin, course.id);
    const lesson = await addLesson(admin, topic.id, { name: 'Only', videoKind: 'scorm', minStudyMinutes: 0 });
    expect((await upload(admin, lesson.id, scormPackage())).statusCode).toBe(200);
    const learner = await makeUser(t.app);
    const certificates = async () =>
      ((await learner.client.get('my-certificates')).json() as { courseId: number }[]).filter(
        (c) => c.courseId === course.id,
      );
    const finished = async () =>
      ((await learner.client.get('my-courses/history')).json() as { id: number }[]).some(
        (c) => c.id === course.id,
      );
    const launched = await launch(learner.client, lesson.id);
    await commit(launched.url, { core: { lesson_status: 'incomplete' } });
    expect(await finished()).toBe(false);
    expect(await certificates()).toHaveLength(0);
    await commit(launched.url, { core: { lesson_status: 'passed' } });
    expect(await finished()).toBe(true);
    expect(await certificates()).toHaveLength(1);
  });

  it("opens the roadmap's next course once a must-complete course's SCORM lesson passes", async () => {
    const gate = await addCourse(admin, { name: 'SCORM gate course', mustCompleteBeforeNext: 'true' });
    const gateLesson = await addLesson(admin, (await addTopic(admin, gate.id)).id, {
      videoKind: 'scorm',
      minStudyMinutes: 0,
    });
    expect((await upload(admin, gateLesson.id, scormPackage())).statusCode).toBe(200);
    const after = await addCourse(admin, { name: 'After the SCORM gate' });
    const afterLesson = await addLesson(admin, (await addTopic(admin, after.id)).id, { minStudyMinutes: 0 });
    const role = await admin.post('authorizations', { name: 'SCORM gated', branchId: 1, permissions: [] });
    expect(role.statusCode, role.body).toBe(201);
    const learner = await makeUser(t.app);
    await t.database.db
      .update(users)
      .set({ branchId: 1, authorizationId: (role.json() as { id: number }).id })
      .where(eq(users.id, learner.id));
    const roadmap = await admin.post('roadmaps', {
      branchId: 1,
      authorizationId: (role.json() as { id: number }).id,
      milestones: [
        { name: 'Gate', order: 1, courses: [{ courseId: gate.id }] },
        { name: 'After', order: 2, courses: [{ courseId: after.id }] },
      ],
    });
    expect(roadmap.statusCode, roadmap.body).toBe(201);
    const openAfter = () => learner.client.post(`user-lesson/update-status/${afterLesson.id}`);

    const launched = await launch(learner.client, gateLesson.id);
    await commit(launched.url, { core: { lesson_status: 'incomplete' } });
    expect((await openAfter()).statusCode).toBe(403);
    await commit(launched.url, { core: { lesson_status: 'passed' } });
    expect((await openAfter()).statusCode).toBe(200);
  });

  it('holds a pass mark: completed under the mark does not pass', async () => {
    const { lessonId, topic, nextId } = await scormCourse();
    expect(
      (await admin.patch(`lessons/${lessonId}/package`, { maxAttempts: 2, passMark: 80 })).statusCode,
    ).toBe(200);
    const learner = await makeUser(t.app);
    const launched = await launch(learner.client, lessonId);
    await commit(launched.url, {
      core: { lesson_status: 'completed', score: { raw: '70', max: '100', min: '0' } },
    });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({
      passed: false,
      canStartNew: true,
      maxAttempts: 2,
    });
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(true);

    const second = await launch(learner.client, lessonId, '?newAttempt=true');
    expect(second.attemptNumber).toBe(2);
    await commit(second.url, {
      core: { lesson_status: 'completed', score: { raw: '85', max: '100', min: '0' } },
    });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({
      attemptNumber: 2,
      passed: true,
      canStartNew: false,
    });
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(false);
    const third = await learner.client.post(`lessons/${lessonId}/scorm/launch?newAttempt=true`);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(SCORM_MESSAGES.noNewAttempt);
  });

  it('a new cycle of the course (recertification) starts a new attempt; the passed one stays as history', async () => {
    const { course, lessonId, topic, nextId } = await scormCourse();
    expect(
      (await admin.patch(`lessons/${lessonId}/package`, { maxAttempts: 1, passMark: null })).statusCode,
    ).toBe(200);
    const learner = await makeUser(t.app);
    const first = await launch(learner.client, lessonId);
    await commit(first.url, { core: { lesson_status: 'passed', session_time: '00:00:05' } });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({ passed: true, canStartNew: false });

    // The recertification job ends cycle 1 (decision 105): progress starts over.
    await endCycles(t.database.db, [{ userId: learner.id, courseId: course.id, cycle: 1 }], new Date());
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(true);
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({ attemptNumber: 0, attemptsUsed: 0 });
    const second = await launch(learner.client, lessonId);
    expect(second.attemptNumber).toBe(2);
    // The old attempt's launch no longer writes; the new one starts empty and passes on its own.
    expect((await commit(first.url, { core: { lesson_status: 'passed' } })).statusCode).toBe(409);
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(true);
    await commit(second.url, { core: { lesson_status: 'passed' } });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({
      attemptNumber: 2,
      attemptsUsed: 1,
      passed: true,
    });
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(false);
  });

  it('starts no new attempt while the current one is unfinished', async () => {
    const { lessonId } = await scormCourse();
    const learner = await makeUser(t.app);
    await launch(learner.client, lessonId);
    const res = await learner.client.post(`lessons/${lessonId}/scorm/launch?newAttempt=true`);
    expect(res.statusCode).toBe(409);
  });

  it('rolls up a multi-SCO package: passed only when every SCO is done', async () => {
    const zip = scormPackage({
      version: '2004',
      scos: [
        { id: 'one', title: 'One', href: 'one.html' },
        { id: 'two', title: 'Two', href: 'two.html' },
      ],
    });
    const { lessonId, topic, nextId } = await scormCourse(zip);
    const learner = await makeUser(t.app);
    const first = await launch(learner.client, lessonId);
    expect(first.sco).toBe('one');
    await commit(first.url, { completion_status: 'completed', success_status: 'passed' });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({
      completionStatus: 'incomplete',
      passed: false,
    });
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(true);
    const second = await launch(learner.client, lessonId);
    expect(second.sco).toBe('two');
    await commit(second.url, { completion_status: 'completed', success_status: 'unknown' });
    expect(await attemptOf(learner.client, lessonId)).toMatchObject({
      completionStatus: 'completed',
      passed: true,
    });
    expect(await nextLocked(learner.client, topic.id, nextId)).toBe(false);
    expect((await learner.client.post(`lessons/${lessonId}/scorm/launch?sco=nope`)).statusCode).toBe(400);
  });
});
