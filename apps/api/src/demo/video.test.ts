import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDataDir } from '../../test/files';
import { createTestApp, type TestApp } from '../../test/harness';
import { clientAs } from '../../test/tokens';
import { lessons } from '../modules/courses/tables';
import { videos } from '../modules/media/tables';
import { DEMO_ACCOUNTS } from './seed';
import { DEMO_VIDEO_LESSON, seedDemoVideoLesson } from './video';

/**
 * Issue 21, point 5 (decision 84): a fresh install's demo data has a lesson whose video the
 * product makes itself and puts through its own upload checks and HLS encoding.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      DATA_DIR: await tempDataDir(),
      ACADEMY_ROLE: 'api',
      MEDIA_LADDER: '360',
      MEDIA_X264_PRESET: 'ultrafast',
    },
  });
}, 120_000);
afterAll(() => t?.close());

it('the demo video lesson says "being encoded" while the server makes its video and queues it like an upload', async () => {
  const id = await seedDemoVideoLesson(t.database.db);
  expect(id).toBeTruthy();
  const [lesson] = await t.database.db.select().from(lessons).where(eq(lessons.name, DEMO_VIDEO_LESSON));
  expect(lesson?.videoKind).toBe('upload');
  const student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);

  const waiting = await student.get(`lessons/${lesson?.id}/stream`);
  expect(waiting.statusCode).toBe(200);
  expect(waiting.json()).toMatchObject({ status: 'UPLOADING', playlistUrl: null });

  // Short and few frames: this tests the path, not the picture (the server's own clip is longer).
  const made = await t.app.media.makeDemoVideo(id as string, {
    width: 1280,
    height: 720,
    seconds: 61,
    fps: 2,
  });
  expect(made).toMatchObject({ status: 'QUEUED', width: 1280, height: 720, durationSeconds: 61 });
  expect((await student.get(`lessons/${lesson?.id}/stream`)).json()).toMatchObject({
    status: 'QUEUED',
    message: 'The video is being encoded',
  });

  // From here it is an ordinary queued upload: the encoding job is waiting for a worker (the
  // encoding itself is media.test.ts's subject; the demo-video journey plays the result).
  expect(await t.app.jobs.state('media-encode', made.jobId as string)).toBe('created');
  const [row] = await t.database.db
    .select()
    .from(videos)
    .where(eq(videos.id, id as string));
  expect(row).toMatchObject({ generated: 'demo', ownerId: expect.any(Number) });
}, 120_000);
