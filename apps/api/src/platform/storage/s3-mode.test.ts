import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { MEDIA_MESSAGES, MESSAGES, type TLesson, type TProfile, type TVideo } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { formData, jpegImage, listFiles, pdfDocument, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type LocalS3, startLocalS3 } from '../../../test/s3';
import { clientAs } from '../../../test/tokens';
import type { S3StorageConfig } from '../../config';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { homeBanners } from '../../modules/home/tables';
import { tusClient } from '../../modules/media/test-support';
import { generateTestVideo } from '../media/hls';
import { findMediaTools } from '../media/tools';
import { STORAGE_CLEANUP_QUEUE } from './cleanup';
import { S3Storage } from './s3';
import { storageDeletions } from './tables';

/**
 * Issue 23 §3: S3 mode end to end against a real S3-compatible server (s3rver, started here on a
 * free port, behind a proxy that can refuse or cut connections): uploads (a tus video, an avatar,
 * a lesson document), a resumed tus upload, serving (ranges, HLS, documents), deletion, the
 * failure paths (a clear 503, an error line with the storage error, no orphan objects) and the
 * cleanup job.
 */
let s3: LocalS3;
let t: TestApp;
let base: string;
let dataDir: string;
let staff: ApiClient;
let student: ApiClient;
let log = '';
let video: { file: string; bytes: Buffer };

const logLines = () =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await tempDataDir();
  const file = path.join(dataDir, 'clip.mp4');
  await generateTestVideo(await findMediaTools(), file, {
    width: 1280,
    height: 720,
    seconds: 61,
    fps: 1,
    audio: false,
    preset: 'ultrafast',
  });
  video = { file, bytes: await fs.readFile(file) };
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  t = await createTestApp({
    env: {
      ...s3.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ACADEMY_ROLE: 'api',
      MEDIA_LADDER: '360',
      MEDIA_X264_PRESET: 'ultrafast',
    },
    logStream: stream,
    // The demo banners' pictures would be drawn and stored at start: slow, and not this file's subject.
    beforeBuild: (database) => database.db.delete(homeBanners).then(() => {}),
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** The app's bucket, through the proxy, as the app sees it. */
const bucket = () => new S3Storage(t.config.storage as S3StorageConfig);

async function waitFor(id: string, done: (v: TVideo) => boolean, timeoutMs = 60_000): Promise<TVideo> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = (await staff.get(`videos/${id}`)).json() as TVideo;
    if (done(row)) return row;
    if (Date.now() > until) throw new Error(`video ${id} stayed ${row.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs the storage cleanup job through pg-boss and waits until it is done. */
async function cleanUp(): Promise<void> {
  const runs = () => logLines().filter((l) => l.msg === 'storage cleanup done').length;
  // Workers that start queue a run of their own first.
  const expected = runs() + (t.app.jobs.workerState() === 'off' ? 2 : 1);
  await t.app.jobs.startWorkers();
  await t.app.jobs.send(STORAGE_CLEANUP_QUEUE, {});
  const until = Date.now() + 20_000;
  while (runs() < expected) {
    if (Date.now() > until) throw new Error('the storage cleanup job did not run');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('S3 storage against a local S3-compatible server', () => {
  let videoId = '';

  it('stores a tus video upload, resumed after a cut, in the bucket once it is checked', async () => {
    const tus = tusClient(base, staff.token);
    const { bytes } = video;
    const created = await tus.create(bytes.length, 'Resumed lesson.mp4');
    expect(created.status).toBe(201);
    const url = created.headers.location as string;
    videoId = url.slice(url.lastIndexOf('/') + 1);
    await tus.patchAndCut(url, 0, bytes.subarray(0, Math.floor(bytes.length / 2)), bytes.length);
    const { offset } = await tus.offset(url);
    expect(offset).toBeGreaterThan(0);
    // Uploads in progress wait on local disk (decision 77): nothing in the bucket yet.
    expect(await s3.keys('videos/')).toEqual([]);

    const rest = await tus.patch(url, offset, bytes.subarray(offset), bytes.length - offset);
    expect(rest.status, rest.body).toBe(200);
    const row = JSON.parse(rest.body) as TVideo;
    expect(row).toMatchObject({ id: videoId, status: 'QUEUED' });
    const sourceKey = row.videoUrl.replace(/^\//, '');
    expect(await s3.keys('videos/')).toEqual([sourceKey]);
    expect(await listFiles(path.join(dataDir, 'uploads'))).toEqual([]);
  });

  it('encodes it from the bucket and serves the HLS playlists and segments out of it', async () => {
    await t.app.jobs.startWorkers();
    const ready = await waitFor(videoId, (v) => v.status === 'READY' || v.status === 'FAILED');
    expect(ready.status, ready.message ?? '').toBe('READY');
    const keys = await s3.keys(`media/videos/`);
    expect(keys.some((k) => k.endsWith('.m3u8'))).toBe(true);
    expect(keys.some((k) => k.endsWith('.ts'))).toBe(true);
    const master = await t.app.inject({ method: 'GET', url: ready.playlistUrl as string });
    expect(master.statusCode).toBe(200);
    const variant = master.body.split('\n').find((l) => l && !l.startsWith('#')) as string;
    const playlistUrl = new URL(variant, `http://x${(ready.playlistUrl as string).split('?')[0]}`);
    const playlist = await t.app.inject({
      method: 'GET',
      url: `${playlistUrl.pathname}${playlistUrl.search}`,
    });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts') || l.includes('.ts?')) as string;
    const segmentUrl = new URL(segment, playlistUrl);
    const part = await t.app.inject({
      method: 'GET',
      url: `${segmentUrl.pathname}${segmentUrl.search}`,
      headers: { range: 'bytes=0-187' },
    });
    expect([200, 206]).toContain(part.statusCode);
    expect(part.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
  }, 90_000);

  it('stores a small picture and serves it with byte ranges', async () => {
    const res = await student.post(
      'users/avatar',
      formData({}, { avatar: [await jpegImage(300, 200), 'me.jpg'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const avatar = (res.json() as TProfile).avatar as string;
    expect(await s3.keys('avatars/')).toEqual([avatar.replace('/files/', '')]);
    const whole = await t.app.inject({ method: 'GET', url: avatar });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    const part = await t.app.inject({ method: 'GET', url: avatar, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
  });

  it('stores a lesson document, serves it to its reader, and deletes it from the bucket', async () => {
    const { topics } = await buildCourse(staff, [[0]]);
    const lesson = topics[0]?.lessons[0] as TLesson;
    const pdf = pdfDocument();
    const added = await staff.post(
      `lessons/${lesson.id}/documents`,
      formData({}, { file: [pdf, 'Guide.pdf'] }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const document = added.json() as { id: number; url: string };
    expect(await s3.keys('lesson-documents/')).toHaveLength(1);
    const download = await t.app.inject({
      method: 'GET',
      url: document.url,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await staff.delete(`lesson-documents/${document.id}`)).statusCode).toBe(204);
    expect(await s3.keys('lesson-documents/')).toEqual([]);
  });
});

describe('when S3 fails', () => {
  // What the requests below could have stored (an avatar, a video and its encoding). Background
  // jobs of the earlier tests (certificates, the demo's sample files) may write elsewhere at any moment.
  const storedKeys = async () =>
    (await Promise.all(['avatars/', 'videos/', 'media/'].map((prefix) => s3.keys(prefix)))).flat();

  it('answers an upload with 503 and a clear message, logs the storage error with stack and request id, and stores nothing', async () => {
    const before = await storedKeys();
    s3.mode('down');
    try {
      const res = await student.post(
        'users/avatar',
        formData({}, { avatar: [await jpegImage(300, 200), 'me.jpg'] }),
        { headers: { 'x-request-id': 'req-s3-down-1' } },
      );
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, message: MESSAGES.storageUnavailable });
      expect(res.body).not.toMatch(/S3|ECONN|at /);
    } finally {
      s3.mode('up');
    }
    const line = logLines().find((l) => l.reqId === 'req-s3-down-1' && l.level === 50);
    expect(line).toMatchObject({ msg: 'file storage unavailable' });
    const err = line?.err as { message: string; stack: string };
    expect(err.message).toMatch(
      /file storage failed to put avatars\/.*ECONNRESET|socket hang up|ECONNREFUSED/,
    );
    expect(err.stack).toMatch(/\n\s+at /);
    expect(JSON.stringify(line)).not.toContain(student.token as string);
    expect(JSON.stringify(line)).not.toContain('S3RVER');
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a finished video it cannot store: 503, the video REJECTED saying why, nothing left in staging or the bucket', async () => {
    const before = await storedKeys();
    const tus = tusClient(base, staff.token);
    const created = await tus.create(video.bytes.length, 'Unlucky.mp4');
    const url = created.headers.location as string;
    const id = url.slice(url.lastIndexOf('/') + 1);
    // The server dies a few kilobytes into storing the original.
    s3.mode(20_000);
    let done: Awaited<ReturnType<typeof tus.patch>>;
    try {
      done = await tus.patch(url, 0, video.bytes, video.bytes.length);
    } finally {
      s3.mode('up');
    }
    expect(done.status).toBe(503);
    expect(JSON.parse(done.body)).toMatchObject({ status: 503, message: MESSAGES.storageUnavailable });
    const row = (await staff.get(`videos/${id}`)).json() as TVideo;
    expect(row).toMatchObject({ status: 'REJECTED', message: MESSAGES.storageUnavailable });
    expect(await listFiles(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(await storedKeys()).toEqual(before);
    // Its half-stored original could not be deleted either (the server was gone): journaled.
    const journal = await t.database.db.select().from(storageDeletions);
    expect(journal.map((j) => j.key)).toEqual([row.videoUrl.replace(/^\//, '')]);
    const line = logLines().find((l) => l.upload === id && l.level === 50);
    expect(line).toMatchObject({ msg: 'file storage unavailable: a video upload was not stored' });
    expect(line?.reqId).toEqual(expect.any(String));
  }, 30_000);

  it('journals a deletion that failed, and the cleanup job removes the object once S3 is back', async () => {
    const { topics } = await buildCourse(staff, [[0]]);
    const lesson = topics[0]?.lessons[0] as TLesson;
    const added = await staff.post(
      `lessons/${lesson.id}/documents`,
      formData({}, { file: [pdfDocument(), 'Old.pdf'] }),
    );
    const key = (await s3.keys('lesson-documents/'))[0] as string;
    s3.mode('down');
    try {
      // The document leaves the lesson; its file cannot be deleted now.
      expect((await staff.delete(`lesson-documents/${added.json().id}`)).statusCode).toBe(204);
    } finally {
      s3.mode('up');
    }
    expect(await s3.keys('lesson-documents/')).toEqual([key]);
    const journal = await t.database.db.select().from(storageDeletions);
    expect(journal).toContainEqual(expect.objectContaining({ key, attempts: 1 }));

    await cleanUp();
    expect(await s3.keys('lesson-documents/')).toEqual([]);
    expect(await t.database.db.select().from(storageDeletions)).toEqual([]);
  }, 30_000);

  it('the cleanup job removes the objects of refused or unknown videos and abandoned uploads, and keeps the rest', async () => {
    const ready = await s3.keys('videos/');
    const storage = bucket();
    const strays = [
      `videos/2026/00000000-0000-4000-8000-00000000dead.mp4`,
      `media/videos/2026/00000000-0000-4000-8000-00000000dead/seg-0.ts`,
    ];
    for (const key of strays) {
      await storage.put(key, Buffer.from('orphan'), { contentType: 'application/octet-stream' });
      await s3.age(key, 2 * 3600 * 1000);
    }
    // A fresh stray is left alone: an upload may be writing it right now.
    const fresh = 'videos/2026/00000000-0000-4000-8000-00000000beef.mp4';
    await storage.put(fresh, Buffer.from('fresh'), { contentType: 'application/octet-stream' });
    for (const key of ready) await s3.age(key, 2 * 3600 * 1000);

    // An upload nobody finished for more than a week.
    const tus = tusClient(base, staff.token);
    const created = await tus.create(video.bytes.length, 'Forgotten.mp4');
    const url = created.headers.location as string;
    const abandonedId = url.slice(url.lastIndexOf('/') + 1);
    await tus.patch(url, 0, video.bytes.subarray(0, 1000), 1000);
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await fs.utimes(path.join(dataDir, 'uploads', abandonedId), weekAgo, weekAgo);

    await cleanUp();
    const row = (await staff.get(`videos/${abandonedId}`)).json() as TVideo;
    expect(row).toMatchObject({ status: 'REJECTED', message: MEDIA_MESSAGES.uploadAbandoned });
    expect(await listFiles(path.join(dataDir, 'uploads'))).toEqual([]);
    const left = await s3.keys('videos/');
    expect(left).toEqual([...ready, fresh].sort());
    expect(await s3.keys('media/videos/2026/00000000-0000-4000-8000-00000000dead/')).toEqual([]);
    expect((await s3.keys('media/videos/')).length).toBeGreaterThan(0);
    const done = logLines().findLast((l) => l.msg === 'storage cleanup done');
    expect(done?.storageCleanup).toMatchObject({ abandonedUploads: 1, orphanObjects: 2 });
  }, 30_000);
});

describe('the S3 store itself', () => {
  it('streams a large file as a multipart upload, reads ranges, lists and deletes', async () => {
    const storage = bucket();
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    big.write('the-end', big.length - 7);
    const key = 'tmp/2026/00000000-0000-4000-8000-000000000b19.bin';
    const info = await storage.put(key, Readable.from([big.subarray(0, 6e6), big.subarray(6e6)]), {
      contentType: 'application/octet-stream',
    });
    expect(info.size).toBe(big.length);
    const tail = await storage.get(key, { start: big.length - 7, end: big.length - 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of tail?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('the-end');
    expect((await s3.keys('tmp/')).length).toBe(1);
    await storage.delete(key);
    expect(await s3.keys('tmp/')).toEqual([]);
    // s3rver has no ListMultipartUploads: the bucket's lifecycle rule aborts stale ones there.
    expect(await storage.removeUnfinishedWrites(new Date())).toBeNull();
  });

  it('a multipart upload cut mid-way fails with the storage error and leaves no object', async () => {
    const storage = bucket();
    s3.mode(7 * 1024 * 1024);
    const key = 'tmp/2026/00000000-0000-4000-8000-000000000c07.bin';
    try {
      await expect(
        storage.put(key, Readable.from([Buffer.alloc(6e6, 1), Buffer.alloc(6e6, 2)]), {
          contentType: 'application/octet-stream',
        }),
      ).rejects.toThrow(/file storage failed to put tmp\//);
    } finally {
      s3.mode('up');
    }
    expect(await s3.keys('tmp/')).toEqual([]);
  });
});
