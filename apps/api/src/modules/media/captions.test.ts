import { randomUUID } from 'node:crypto';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MESSAGES,
  type TCaption,
  type TVideoStream,
  uploadedVideoUrl,
} from '@academy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic, grantCourseActions } from '../../../test/courses';
import { formData, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { webVttProblem } from './captions';
import { videoCaptions, videos } from './tables';

const ENGLISH = `WEBVTT

00:00.000 --> 00:04.000
Welcome to the fibre lesson.

00:04.000 --> 00:09.500 align:start
Check the splice tray first.
`;
const VIETNAMESE = `\uFEFFWEBVTT - Tiếng Việt\r\n\r\n1\r\n00:00:00.000 --> 00:00:04.000\r\nChào mừng bạn đến với bài học.\r\n`;

let t: TestApp;
let staff: ApiClient;
let student: ApiClient;
let learner: ApiClient;
let videoId: string;
let lessonId: number;
let lockedLessonId: number;

/** A READY uploaded video (no encoding needed to attach captions) and a lesson showing it. */
async function readyVideo(): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(videos).values({
    id,
    status: 'READY',
    originalName: 'fibre.mp4',
    sizeBytes: 1000,
    year: 2026,
    durationSeconds: 300,
    width: 1280,
    height: 720,
    renditions: '720',
    progress: 100,
  });
  return id;
}

function captionForm(fields: Record<string, string>, text: string | Buffer, name = 'captions.vtt') {
  return formData(fields, { file: [Buffer.isBuffer(text) ? text : Buffer.from(text), name, 'text/vtt'] });
}

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: await tempDataDir() } });
  const admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  learner = await clientAs(t.app, 'E1004');
  videoId = await readyVideo();
  const course = await addCourse(staff, { ordered: 'true' });
  const topic = await addTopic(staff, course.id);
  const videoUrl = uploadedVideoUrl(videoId, 2026);
  lessonId = (await addLesson(staff, topic.id, { videoUrl, videoDurationSeconds: 300 })).id;
  lockedLessonId = (await addLesson(staff, topic.id, { videoUrl, videoDurationSeconds: 300 })).id;
});
afterAll(() => t.close());

describe('WebVTT check', () => {
  it('takes real WebVTT (BOM, CRLF, cue ids, settings) and refuses anything else with the reason', () => {
    expect(webVttProblem(Buffer.from(ENGLISH))).toBeNull();
    expect(webVttProblem(Buffer.from(VIETNAMESE))).toBeNull();
    const srt = '1\n00:00:00,000 --> 00:00:04,000\nHello\n';
    expect(webVttProblem(Buffer.from(srt))).toBe(MEDIA_MESSAGES.notWebVtt);
    expect(webVttProblem(Buffer.from('WEBVTTX\n\n00:00.000 --> 00:01.000\nHi\n'))).toBe(
      MEDIA_MESSAGES.notWebVtt,
    );
    expect(webVttProblem(Buffer.from('WEBVTT\n\nNOTE nothing else\n'))).toMatch(/no cues/);
    expect(webVttProblem(Buffer.from('WEBVTT\n\n00:00.000 -> 00:01.000\nHi\n'))).toMatch(/line \d+/);
    expect(webVttProblem(Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toMatch(
      /not UTF-8/,
    );
  });

  it('checks the largest allowed file, and hostile ones, quickly and without a crash', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const stamp = (s: number) =>
      `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}.000`;
    let text = 'WEBVTT\n\n';
    for (let i = 0; text.length < MEDIA_LIMITS.maxCaptionBytes - 100; i++) {
      text += `${i}\n${stamp(i)} --> ${stamp(i + 1)}\nLine ${i} of the captions\n\n`;
    }
    const hostile = [
      `WEBVTT\n\n00:00.000 --> 00:01.000\n${'<b>'.repeat(60_000)}`,
      `WEBVTT\n\n${'-->\n'.repeat(60_000)}`,
      `WEBVTT\n\n${'\n'.repeat(250_000)}`,
    ];
    const started = performance.now();
    expect(webVttProblem(Buffer.from(text))).toBeNull();
    for (const file of hostile) expect(webVttProblem(Buffer.from(file))).toContain(MEDIA_MESSAGES.notWebVtt);
    // The W3C parser takes about half a second for the largest file on an idle machine.
    expect(performance.now() - started).toBeLessThan(6000);
  });
});

describe('caption tracks of a video', () => {
  it('course managers attach captions in several languages and list them', async () => {
    const en = await staff.post(
      `videos/${videoId}/captions`,
      captionForm({ language: 'en', label: 'English' }, ENGLISH),
    );
    expect(en.statusCode, en.body).toBe(201);
    expect(en.json()).toMatchObject({ videoId, language: 'en', label: 'English', sizeBytes: ENGLISH.length });
    const vi = await staff.post(
      `videos/${videoId}/captions`,
      captionForm({ language: 'vi', label: 'Tiếng Việt' }, VIETNAMESE),
    );
    expect(vi.statusCode, vi.body).toBe(201);

    const list = await staff.get(`videos/${videoId}/captions`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect((list.json() as TCaption[]).map((c) => [c.language, c.label])).toEqual([
      ['en', 'English'],
      ['vi', 'Tiếng Việt'],
    ]);
  });

  it('refuses bad files and fields with a clear error and writes nothing', async () => {
    const before = await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, videoId));
    const cases: Array<[FormData, number, string, string]> = [
      [
        captionForm(
          { language: 'fr', label: 'Français' },
          '1\n00:00:00,000 --> 00:00:04,000\nBonjour\n',
          'a.srt',
        ),
        400,
        'file',
        MEDIA_MESSAGES.notWebVtt,
      ],
      [
        captionForm({ language: 'fr', label: 'Français' }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])),
        400,
        'file',
        MEDIA_MESSAGES.notWebVtt,
      ],
      [
        captionForm(
          { language: 'fr', label: 'Français' },
          `WEBVTT\n\n${'x'.repeat(MEDIA_LIMITS.maxCaptionBytes)}`,
        ),
        413,
        'file',
        MEDIA_MESSAGES.captionTooLarge,
      ],
      [
        captionForm({ language: 'French', label: 'Français' }, ENGLISH),
        400,
        'language',
        MEDIA_MESSAGES.captionLanguage,
      ],
      [captionForm({ language: 'fr', label: '' }, ENGLISH), 400, 'label', MEDIA_MESSAGES.captionLabel],
      [
        captionForm({ language: 'en', label: 'English again' }, ENGLISH),
        409,
        'language',
        MEDIA_MESSAGES.captionLanguageTaken,
      ],
      [formData({ language: 'fr', label: 'Français' }), 400, 'file', MESSAGES.fileRequired],
    ];
    for (const [form, status, field, message] of cases) {
      const res = await staff.post(`videos/${videoId}/captions`, form);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json() as { message: string; fieldErrors?: Array<{ field: string; message: string }> };
      expect(body.message).toContain(message);
      expect(body.fieldErrors?.[0]?.field).toBe(field);
      expect(res.body).not.toMatch(/stack|at \w+ \(/);
    }
    const after = await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, videoId));
    expect(after).toEqual(before);
    const unknown = await staff.post(
      `videos/${randomUUID()}/captions`,
      captionForm({ language: 'fr', label: 'Français' }, ENGLISH),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('needs Course management to list and its edit key to change', async () => {
    expect((await student.get(`videos/${videoId}/captions`)).statusCode).toBe(403);
    const add = await student.post(
      `videos/${videoId}/captions`,
      captionForm({ language: 'fr', label: 'Français' }, ENGLISH),
    );
    expect(add.statusCode).toBe(403);
    const [caption] = (await staff.get(`videos/${videoId}/captions`)).json() as TCaption[];
    expect((await student.delete(`videos/${videoId}/captions/${caption?.id}`)).statusCode).toBe(403);
    expect((await apiClient(t.app, undefined).get(`videos/${videoId}/captions`)).statusCode).toBe(401);
    expect((await staff.get(`videos/${videoId}/captions`)).headers['x-total-count']).toBe('2');
  });
});

describe('captions in the learner player', () => {
  it('a learner who may open the lesson gets signed caption tracks, served as WebVTT', async () => {
    const res = await learner.get(`lessons/${lessonId}/stream`);
    expect(res.statusCode, res.body).toBe(200);
    const stream = res.json() as TVideoStream;
    expect(stream.captions.map((c) => [c.language, c.label])).toEqual([
      ['en', 'English'],
      ['vi', 'Tiếng Việt'],
    ]);
    const english = stream.captions[0]?.url ?? '';
    expect(english).toMatch(new RegExp(`^/media/videos/2026/${videoId}/captions_\\d+\\.vtt\\?token=`));
    const file = await t.app.inject({ method: 'GET', url: english });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe(ENGLISH);

    // Without the token, or with another video's, the file is refused.
    const path = english.split('?')[0] as string;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
    const other = await readyVideo();
    const otherLesson = await addLesson(staff, (await addTopic(staff, (await addCourse(staff)).id)).id, {
      videoUrl: uploadedVideoUrl(other, 2026),
      videoDurationSeconds: 300,
    });
    const otherStream = (await learner.get(`lessons/${otherLesson.id}/stream`)).json() as TVideoStream;
    expect(otherStream.captions).toEqual([]);
    const foreignToken = new URL(otherStream.playlistUrl ?? '', 'http://x').searchParams.get('token');
    expect((await t.app.inject({ method: 'GET', url: `${path}?token=${foreignToken}` })).statusCode).toBe(
      403,
    );
  });

  it('a learner who may not open the lesson yet gets no stream and no captions', async () => {
    const res = await learner.get(`lessons/${lockedLessonId}/stream`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('captions');
  });

  it('deleting a track removes it from the list, the player and storage', async () => {
    const [english] = (await staff.get(`videos/${videoId}/captions`)).json() as TCaption[];
    const url =
      ((await learner.get(`lessons/${lessonId}/stream`)).json() as TVideoStream).captions[0]?.url ?? '';
    const deleted = await staff.delete(`videos/${videoId}/captions/${english?.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await staff.delete(`videos/${videoId}/captions/${english?.id}`)).statusCode).toBe(404);
    const left = (await staff.get(`videos/${videoId}/captions`)).json() as TCaption[];
    expect(left.map((c) => c.language)).toEqual(['vi']);
    const stream = (await learner.get(`lessons/${lessonId}/stream`)).json() as TVideoStream;
    expect(stream.captions.map((c) => c.language)).toEqual(['vi']);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // The language is free again.
    const again = await staff.post(
      `videos/${videoId}/captions`,
      captionForm({ language: 'en', label: 'English' }, ENGLISH),
    );
    expect(again.statusCode, again.body).toBe(201);
  });
});
