import fs from 'node:fs/promises';
import path from 'node:path';
import {
  forbiddenMessage,
  hlsPlaylistUrl,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MESSAGES,
  type TLesson,
  type TVideo,
  type TVideoStream,
  VIDEO_UPLOADS_PATH,
} from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic, grantCourseActions } from '../../../test/courses';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { generateTestVideo } from '../../platform/media/hls';
import { probeFile } from '../../platform/media/probe';
import { findMediaTools } from '../../platform/media/tools';
import { sha256File, tusClient } from './test-support';

let t: TestApp;
let base: string;
let dataDir: string;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let coordinator: ApiClient;
const clips: Record<'small' | 'short' | 'good' | 'corrupt', { file: string; size: number }> = {} as never;

async function clip(name: keyof typeof clips, make: (file: string) => Promise<void>) {
  const file = path.join(dataDir, 'clips', `${name}.mp4`);
  await make(file);
  clips[name] = { file, size: (await fs.stat(file)).size };
}

beforeAll(async () => {
  dataDir = await tempDataDir();
  await fs.mkdir(path.join(dataDir, 'clips'));
  const tools = await findMediaTools();
  await clip('small', (f) =>
    generateTestVideo(tools, f, { width: 640, height: 360, seconds: 61, fps: 1, audio: false }),
  );
  await clip('short', (f) =>
    generateTestVideo(tools, f, { width: 1280, height: 720, seconds: 30, fps: 1, audio: false }),
  );
  await clip('good', (f) => generateTestVideo(tools, f, { width: 1280, height: 720, seconds: 70, fps: 1 }));
  await clip('corrupt', async (f) => {
    // The header of a good video (its index says 70 s of 720p) followed by noise instead of frames.
    const real = await fs.readFile(clips.good.file);
    const moov = real.indexOf('mdat') + 4;
    const noise = Buffer.alloc(512 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    await fs.writeFile(f, Buffer.concat([real.subarray(0, moov), noise]));
  });

  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      ACADEMY_ROLE: 'api',
      MEDIA_LADDER: '720,360',
      MEDIA_X264_PRESET: 'ultrafast',
      // The resumed upload's video is queued first: both encode at once rather than one after the other.
      MEDIA_ENCODE_CONCURRENCY: '2',
    },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  coordinator = await clientAs(t.app, 'E1009');
}, 300_000);
afterAll(() => t?.close());

const uploadsDir = () => path.join(dataDir, 'uploads');

async function upload(name: keyof typeof clips, client: ApiClient = staff) {
  const tus = tusClient(base, client.token);
  const result = await tus.uploadFile(clips[name].file, clips[name].size, `${name}.mp4`);
  return { ...result, video: JSON.parse(result.response.body) as TVideo };
}

async function waitFor(id: string, done: (v: TVideo) => boolean, timeoutMs = 240_000): Promise<TVideo> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const video = (await staff.get(`videos/${id}`)).json() as TVideo;
    if (done(video)) return video;
    if (Date.now() > until) throw new Error(`video ${id} stayed ${video.status} (${video.progress}%)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('tus uploads', () => {
  it('is for course managers only, and refuses files over 6 GB before a byte is sent', async () => {
    const anonymous = await tusClient(base, undefined).create(1000);
    expect(anonymous.status).toBe(401);
    const learner = await tusClient(base, student.token).create(1000);
    expect(learner.status).toBe(403);
    expect(JSON.parse(learner.body).message).toBe(forbiddenMessage('upload videos'));
    const huge = await tusClient(base, staff.token).create(MEDIA_LIMITS.maxVideoBytes + 1);
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toMatchObject({ status: 413, message: MEDIA_MESSAGES.tooLarge });
    const max = await tusClient(base, staff.token).create(MEDIA_LIMITS.maxVideoBytes);
    expect(max.status).toBe(201);
    expect(max.headers.location).toMatch(new RegExp(`^${VIDEO_UPLOADS_PATH}/[0-9a-f-]{36}$`));
  });

  it('resumes an interrupted upload from the offset the server kept: the file is byte-identical', async () => {
    const tus = tusClient(base, staff.token);
    const { file, size } = clips.good;
    const bytes = await fs.readFile(file);
    const created = await tus.create(size, 'Interrupted lesson.mp4');
    expect(created.status).toBe(201);
    const url = created.headers.location as string;
    const id = url.slice(url.lastIndexOf('/') + 1);

    // The connection drops halfway through the first PATCH.
    const half = Math.floor(size / 2);
    await tus.patchAndCut(url, 0, bytes.subarray(0, half), size);
    const { status, offset } = await tus.offset(url);
    expect(status).toBe(200);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    expect(((await staff.get(`videos/${id}`)).json() as TVideo).status).toBe('UPLOADING');

    // A wrong offset is refused without touching the file; only the uploader may continue.
    expect((await tus.patch(url, offset + 1, bytes.subarray(offset + 1), size - offset - 1)).status).toBe(
      409,
    );
    const other = await tusClient(base, coordinator.token).patch(
      url,
      offset,
      bytes.subarray(offset),
      size - offset,
    );
    expect(other.status).toBe(403);

    const rest = await tus.patch(url, offset, bytes.subarray(offset), size - offset);
    expect(rest.status, rest.body).toBe(200);
    const video = JSON.parse(rest.body) as TVideo;
    expect(video).toMatchObject({
      id,
      status: 'QUEUED',
      originalName: 'Interrupted lesson.mp4',
      width: 1280,
      height: 720,
      durationSeconds: 70,
      sizeBytes: size,
      playlistUrl: null,
    });
    // Checked, the original left staging for file storage, byte-identical (decision 77).
    expect((await listFiles(uploadsDir())).filter((f) => f.startsWith(id))).toEqual([]);
    const stored = path.join(dataDir, 'files', video.videoUrl.slice(1));
    expect(await sha256File(stored)).toBe(await sha256File(file));
  });

  it('refuses a 640×360 video, a 30 s video and a damaged file, and deletes them', async () => {
    const small = await upload('small');
    expect(small.response.status).toBe(200);
    expect(small.video).toMatchObject({ status: 'REJECTED', message: MEDIA_MESSAGES.tooSmall });
    const short = await upload('short');
    expect(short.video).toMatchObject({ status: 'REJECTED', message: MEDIA_MESSAGES.tooShort });
    const corrupt = await upload('corrupt');
    expect(corrupt.video).toMatchObject({ status: 'REJECTED', message: MEDIA_MESSAGES.notAVideo });
    const left = await listFiles(uploadsDir());
    for (const id of [small.id, short.id, corrupt.id]) {
      expect(left.filter((f) => f.startsWith(id))).toEqual([]);
      const again = (await staff.get(`videos/${id}`)).json() as TVideo;
      expect(again.status).toBe('REJECTED');
    }
  });

  it('will not put a refused or unfinished video in a lesson', async () => {
    const course = await addCourse(admin);
    const topic = await addTopic(admin, course.id);
    const refused = await upload('short');
    const res = await admin.post(`topics/${topic.id}/lessons`, {
      name: 'Refused video',
      videoUrl: refused.video.videoUrl,
      minStudyMinutes: 0,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([{ field: 'videoUrl', message: MEDIA_MESSAGES.tooShort }]);
    const started = await tusClient(base, staff.token).create(5000);
    const id = (started.headers.location as string).split('/').pop() as string;
    const unfinished = await admin.post(`topics/${topic.id}/lessons`, {
      name: 'Unfinished',
      videoUrl: `/videos/${new Date().getUTCFullYear()}/${id}.mp4`,
      minStudyMinutes: 0,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
    });
    expect(unfinished.json().message).toBe(MEDIA_MESSAGES.uploadNotFinished);
  });
});

describe('encoding and streaming', () => {
  let video: TVideo;
  let lesson1: TLesson;
  let lesson2: TLesson;

  beforeAll(async () => {
    const accepted = await upload('good');
    expect(accepted.video.status).toBe('QUEUED');
    video = accepted.video;
  });

  it('puts an accepted video in lessons, checking the minimum study time against its real duration', async () => {
    const course = await addCourse(admin, { ordered: 'true' });
    const topic = await addTopic(admin, course.id);
    const tooLong = await admin.post(`topics/${topic.id}/lessons`, {
      name: 'Too long',
      videoUrl: video.videoUrl,
      videoDurationSeconds: 600,
      minStudyMinutes: 2,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual([
      { field: 'minStudyMinutes', message: MESSAGES.minStudyAboveDuration },
    ]);
    lesson1 = await addLesson(admin, topic.id, {
      name: 'Watch the pattern',
      videoUrl: video.videoUrl,
      minStudyMinutes: 1,
    });
    expect(lesson1.video).toEqual({ kind: 'upload', url: video.videoUrl, youtubeId: null });
    expect(lesson1.videoDurationSeconds).toBe(70);
    lesson2 = await addLesson(admin, topic.id, {
      name: 'Watch it again',
      videoUrl: video.videoUrl,
      minStudyMinutes: 1,
    });
  });

  it('reads "being encoded" until the job has run', async () => {
    await student.post(`user-lesson/update-status/${lesson1.id}`);
    const res = await student.get(`lessons/${lesson1.id}/stream`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lessonId: lesson1.id,
      status: 'QUEUED',
      message: MEDIA_MESSAGES.beingEncoded,
      playlistUrl: null,
      durationSeconds: 70,
    } satisfies Partial<TVideoStream>);
  });

  it('encodes HLS (720p and 360p here), with progress, a master playlist, segments and a poster', async () => {
    const progress: number[] = [];
    await t.app.jobs.startWorkers();
    const ready = await waitFor(video.id, (v) => {
      progress.push(v.progress);
      return v.status === 'READY' || v.status === 'FAILED';
    });
    expect(ready).toMatchObject({ status: 'READY', progress: 100, renditions: [720, 360], message: null });
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    // The original is in storage, under the video URL's key; nothing is left in staging.
    expect((await listFiles(uploadsDir())).filter((f) => f.startsWith(video.id))).toEqual([]);
    const files = await listFiles(path.join(dataDir, 'files'));
    expect(files).toContain(`${video.videoUrl.slice(1)}`);
    expect(ready.playlistUrl?.split('?')[0]).toBe(hlsPlaylistUrl(video.videoUrl));
  }, 300_000);

  it('lets a learner with the lesson unlocked play every playlist and segment', async () => {
    const stream = (await student.get(`lessons/${lesson1.id}/stream`)).json() as TVideoStream;
    expect(stream.status).toBe('READY');
    expect(stream.message).toBeNull();
    expect(new Date(stream.expiresAt as string).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    const master = await t.app.inject({ method: 'GET', url: stream.playlistUrl as string });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variants = master.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants).toHaveLength(2);
    expect(master.body).toContain('RESOLUTION=1280x720');
    let segments = 0;
    for (const variant of variants) {
      const url = new URL(variant, `http://x${stream.playlistUrl}`);
      const playlist = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      expect(playlist.body).toMatch(/#EXT-X-TARGETDURATION:[67]\n/);
      for (const line of playlist.body.split('\n').filter((l) => l && !l.startsWith('#'))) {
        const seg = new URL(line, url);
        const res = await t.app.inject({ method: 'GET', url: seg.pathname + seg.search });
        expect(res.statusCode, seg.pathname).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp2t');
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
        segments++;
      }
    }
    expect(segments).toBeGreaterThanOrEqual(2 * 12);
    const range = await t.app.inject({
      method: 'GET',
      url: (stream.playlistUrl as string).replace('.m3u8', '/360p_00001.ts'),
      headers: { range: 'bytes=0-187' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(188);
    const poster = await t.app.inject({ method: 'GET', url: stream.posterUrl as string });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const posterFile = path.join(dataDir, 'poster.jpg');
    await fs.writeFile(posterFile, poster.rawPayload);
    expect(await probeFile(await findMediaTools(), posterFile)).toMatchObject({ width: 1280, height: 720 });
  });

  it('refuses the stream of a locked lesson, and playlists or segments without a valid token (403)', async () => {
    const locked = await student.get(`lessons/${lesson2.id}/stream`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(MESSAGES.finishPreviousExam);
    const signed = ((await student.get(`lessons/${lesson1.id}/stream`)).json() as TVideoStream)
      .playlistUrl as string;
    const bare = signed.split('?')[0] as string;
    const [exp, user, sig] = (new URL(signed, 'http://x').searchParams.get('token') as string).split('.');
    const bad = [
      bare,
      `${bare}?token=nonsense`,
      `${bare}?token=${exp}.${Number(user) + 1}.${sig}`,
      `${bare}?token=${Number(exp) + 1}.${user}.${sig}`,
      `${bare.replace('.m3u8', '/720p_00000.ts')}`,
      `${bare.replace('.m3u8', '/720p_00000.ts')}?token=${exp}.${user}.${(sig as string).replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
    ];
    for (const url of bad) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(MEDIA_MESSAGES.mediaForbidden);
    }
    // A token opens one video only.
    const otherVideo = bare.replace(/[0-9a-f]{8}-/, '00000000-');
    const elsewhere = await t.app.inject({ method: 'GET', url: `${otherVideo}?${signed.split('?')[1]}` });
    expect(elsewhere.statusCode).toBe(403);
    expect((await student.get(`videos/${video.id}`)).statusCode).toBe(403);
    expect((await apiClient(t.app, undefined).get(`lessons/${lesson1.id}/stream`)).statusCode).toBe(401);
  });

  it('lets staff retry only a failed encoding', async () => {
    const res = await admin.post(`videos/${video.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MEDIA_MESSAGES.notRetryable);
    expect((await student.post(`videos/${video.id}/retry`)).statusCode).toBe(403);
  });
});
