import fs from 'node:fs/promises';
import path from 'node:path';
import {
  forbiddenMessage,
  SCORM_LIMITS,
  SCORM_MESSAGES,
  SCORM_UPLOADS_PATH,
  type TScormPackage,
} from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic } from '../../../test/courses';
import { type MadeUser, makeUser } from '../../../test/factories';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { LocalStorage } from '../../platform/storage/local';
import { tusClient } from '../media/test-support';
import { scormStorageSweep } from './cleanup';
import { scormPackages } from './tables';
import { scormPackage } from './testing';
import { PACKAGE_UPLOAD_EXPIRY_MS, PackageUploads } from './uploads';

let t: TestApp;
let base: string;
let dataDir: string;
let admin: ApiClient;
let manager: MadeUser;
let otherManager: MadeUser;

beforeAll(async () => {
  dataDir = await tempDataDir();
  t = await createTestApp({ env: { DATA_DIR: dataDir, ACADEMY_ROLE: 'api' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  manager = await makeUser(t.app, { permissions: ['COURSE_MANAGEMENT', 'EDIT_COURSE_MANAGEMENT'] });
  otherManager = await makeUser(t.app, { permissions: ['COURSE_MANAGEMENT', 'EDIT_COURSE_MANAGEMENT'] });
});
afterAll(() => t?.close());

const stagingDir = () => path.join(dataDir, 'package-uploads');
const filesDir = () => path.join(dataDir, 'files');
const tus = (client: { token?: string }) => tusClient(base, client.token, SCORM_UPLOADS_PATH);
const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function scormLesson(): Promise<number> {
  const course = await addCourse(admin);
  const topic = await addTopic(admin, course.id);
  const lesson = await addLesson(admin, topic.id, { name: 'SCORM', videoKind: 'scorm', minStudyMinutes: 0 });
  return lesson.id;
}

/** Uploads `bytes` through tus in one PATCH; the upload's id. */
async function uploadWhole(client: { token?: string }, bytes: Buffer): Promise<string> {
  const created = await tus(client).create(bytes.length, 'course.zip');
  expect(created.status, created.body).toBe(201);
  const url = created.headers.location as string;
  const done = await tus(client).patch(url, 0, bytes, bytes.length);
  expect(done.status, done.body).toBe(204);
  return idOf(url);
}

describe('resumable package uploads', () => {
  it('continues an interrupted upload and imports it with PUT { upload }: the same answer as multipart, and nothing left staged', async () => {
    const lessonId = await scormLesson();
    const zip = scormPackage({
      title: 'Resumed course',
      scos: [
        { id: 'a', title: 'Part A', href: 'a/index.html' },
        { id: 'b', title: 'Part B', href: 'b/index.html' },
      ],
    });
    const created = await tus(manager.client).create(zip.length, 'Resumed course.zip');
    expect(created.status).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(new RegExp(`^${SCORM_UPLOADS_PATH}/[0-9a-f-]{36}$`));

    // The connection drops after the first half.
    const half = Math.floor(zip.length / 2);
    await tus(manager.client).patchAndCut(url, 0, zip.subarray(0, half), zip.length);
    const { offset } = await tus(manager.client).offset(url);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    // Not finished yet: it cannot be imported.
    const early = await manager.client.put(`lessons/${lessonId}/package`, { upload: idOf(url) });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SCORM_MESSAGES.uploadNotFinished);

    const rest = await tus(manager.client).patch(url, offset, zip.subarray(offset), zip.length - offset);
    expect(rest.status, rest.body).toBe(204);
    const res = await manager.client.put(`lessons/${lessonId}/package`, { upload: idOf(url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as TScormPackage).toMatchObject({
      lessonId,
      title: 'Resumed course',
      version: '1.2',
      scos: [
        { identifier: 'a', title: 'Part A', launch: 'a/index.html' },
        { identifier: 'b', title: 'Part B', launch: 'b/index.html' },
      ],
      fileCount: 4,
    });
    expect(await listFiles(stagingDir())).toEqual([]);

    // Claimed once: the same id again is unknown.
    const again = await manager.client.put(`lessons/${lessonId}/package`, { upload: idOf(url) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SCORM_MESSAGES.uploadNotFound);
  });

  it('refuses a bad package uploaded resumably with the reason and keeps nothing', async () => {
    const lessonId = await scormLesson();
    const filesBefore = await listFiles(filesDir());
    const id = await uploadWhole(manager.client, Buffer.from('this is not a zip archive at all'));
    const res = await manager.client.put(`lessons/${lessonId}/package`, { upload: id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: SCORM_MESSAGES.notZip });
    expect(await listFiles(stagingDir())).toEqual([]);
    expect(await listFiles(filesDir())).toEqual(filesBefore);
    const packages = await t.database.db.select().from(scormPackages);
    expect(packages.some((p) => p.lessonId === lessonId)).toBe(false);
  });

  it('lets only the uploader (or an administrator) continue or import an upload', async () => {
    const lessonId = await scormLesson();
    const zip = scormPackage();
    const created = await tus(manager.client).create(zip.length);
    const url = created.headers.location as string;
    const foreign = await tus(otherManager.client).patch(url, 0, zip, zip.length);
    expect(foreign.status).toBe(403);
    expect((await tus(manager.client).patch(url, 0, zip, zip.length)).status).toBe(204);
    const stolen = await otherManager.client.put(`lessons/${lessonId}/package`, { upload: idOf(url) });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe(SCORM_MESSAGES.uploadNotYours);
    expect((await admin.put(`lessons/${lessonId}/package`, { upload: idOf(url) })).statusCode).toBe(200);
  });

  it('is for course managers who may edit lessons, and refuses a package over 2 GB before a byte is sent', async () => {
    const learner = await makeUser(t.app);
    const viewer = await makeUser(t.app, { permissions: ['COURSE_MANAGEMENT'] });
    expect((await tus({}).create(1000)).status).toBe(401);
    const refused = await tus(learner.client).create(1000);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toBe(forbiddenMessage('edit lessons'));
    expect((await tus(viewer.client).create(1000)).status).toBe(403);
    const huge = await tus(manager.client).create(SCORM_LIMITS.maxPackageBytes + 1);
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toMatchObject({ status: 413, message: SCORM_MESSAGES.tooLarge });
    const lessonId = await scormLesson();
    const bad = await manager.client.put(`lessons/${lessonId}/package`, { upload: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SCORM_MESSAGES.fileRequired);
  });
});

describe('removing a package', () => {
  it('deletes the package and its files; the lesson stays a SCORM lesson without content', async () => {
    const lessonId = await scormLesson();
    const filesBefore = await listFiles(filesDir());
    const id = await uploadWhole(manager.client, scormPackage());
    expect((await manager.client.put(`lessons/${lessonId}/package`, { upload: id })).statusCode).toBe(200);
    expect((await listFiles(filesDir())).length).toBeGreaterThan(filesBefore.length);

    const viewer = await makeUser(t.app, { permissions: ['COURSE_MANAGEMENT'] });
    expect((await viewer.client.delete(`lessons/${lessonId}/package`)).statusCode).toBe(403);
    const res = await manager.client.delete(`lessons/${lessonId}/package`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await listFiles(filesDir())).toEqual(filesBefore);
    const gone = await manager.client.get(`lessons/${lessonId}/package`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SCORM_MESSAGES.noPackage);
    expect((await admin.get(`lessons/${lessonId}/edit`)).json().video.kind).toBe('scorm');
    expect((await manager.client.delete(`lessons/${lessonId}/package`)).statusCode).toBe(404);
  });
});

describe('storage cleanup', () => {
  it('removes package uploads untouched for a week and the files of packages that are gone', async () => {
    const storage = new LocalStorage(filesDir());
    const uploads = new PackageUploads(dataDir);
    const sweep = scormStorageSweep({ db: t.database.db, storage }, uploads);
    const fresh = await uploadWhole(manager.client, scormPackage());
    const orphanKey = 'scorm/00000000-0000-4000-8000-000000000001/f0.bin';
    await storage.put(orphanKey, Buffer.from('left behind'), { contentType: 'text/html' });
    const lessonId = await scormLesson();
    const kept = await uploadWhole(manager.client, scormPackage());
    const imported = await manager.client.put(`lessons/${lessonId}/package`, { upload: kept });
    expect(imported.statusCode).toBe(200);
    const keptId = (imported.json() as TScormPackage).id;
    const keptFiles = (await listFiles(filesDir())).filter((f) => f.startsWith(`scorm/${keptId}/`));
    expect(keptFiles.length).toBeGreaterThan(0);

    // Now: nothing is old enough.
    expect(await sweep(new Date())).toEqual({ stalePackageUploads: 0, orphanPackageFiles: 0 });
    expect(await listFiles(stagingDir())).toContain(fresh);

    const later = new Date(Date.now() + PACKAGE_UPLOAD_EXPIRY_MS + 60_000);
    const report = await sweep(later);
    expect(report.stalePackageUploads).toBe(1);
    expect(report.orphanPackageFiles).toBeGreaterThanOrEqual(1);
    expect(await listFiles(stagingDir())).toEqual([]);
    const after = await listFiles(filesDir());
    expect(after.some((f) => f.startsWith('scorm/00000000-0000-4000-8000-000000000001'))).toBe(false);
    for (const file of keptFiles) expect(after).toContain(file);
    await fs.rm(stagingDir(), { recursive: true, force: true });
  });
});
