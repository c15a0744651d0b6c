import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { changedRows } from '../../platform/db/sql';
import { generateTestVideo } from '../../platform/media/hls';
import { findMediaTools } from '../../platform/media/tools';
import { unlockedLesson } from '../study';
import { videoKeys } from './keys';
import { ENCODE_QUEUE, MediaService } from './service';
import { videos } from './tables';

/**
 * A worker killed in the middle of an encoding leaves its pg-boss job "active" and the video
 * "ENCODING" with a heartbeat that no longer moves. The next process to start its workers
 * fails that job (pg-boss retries it) and the encoding runs to the end. (bench/run-media.mjs
 * does the same with a real SIGKILL of the server.)
 */

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDataDir();
  t = await createTestApp({
    seed: false,
    env: {
      DATA_DIR: dataDir,
      ACADEMY_ROLE: 'api',
      MEDIA_LADDER: '360',
      MEDIA_X264_PRESET: 'ultrafast',
      MEDIA_STALE_SECONDS: '30',
    },
  });
}, 120_000);
afterAll(() => t?.close());

it('takes up an encoding whose worker died and finishes it', async () => {
  // The same database, queue and settings as the app's own media service.
  const media = new MediaService(
    t.database.db,
    undefined as never,
    t.config,
    t.app.jobs,
    t.app.log,
    unlockedLesson,
  );
  const id = randomUUID();
  const year = new Date().getUTCFullYear();
  const source = path.join(dataDir, 'small.mp4');
  await generateTestVideo(await findMediaTools(), source, { width: 640, height: 360, seconds: 4, fps: 5 });
  await fs.mkdir(t.config.media.uploadsDir, { recursive: true });
  await fs.copyFile(source, path.join(t.config.media.uploadsDir, id));
  const [row] = await t.database.db
    .insert(videos)
    .values({ id, originalName: 'killed.mp4', sizeBytes: 1, year, status: 'QUEUED', width: 640, height: 360 })
    .returning();
  const queued = await media.enqueue(row as typeof videos.$inferSelect);

  // A worker takes the job and dies at 40 %: the job stays active, the heartbeat stops.
  const boss = await (t.app.jobs as unknown as { instance(): Promise<PgBoss> }).instance();
  const [taken] = await boss.fetch(ENCODE_QUEUE);
  expect(taken?.id).toBe(queued.jobId);
  const diedAt = new Date(Date.now() - 60_000);
  await t.database.db
    .update(videos)
    .set({ status: 'ENCODING', progress: 40, heartbeatAt: diedAt })
    .where(eq(videos.id, id));
  expect(await t.app.jobs.state(ENCODE_QUEUE, queued.jobId as string)).toBe('active');

  // A live encoding (recent heartbeat) is left alone; the dead one is taken up.
  expect(await media.recoverInterrupted(new Date(diedAt.getTime() + 10_000))).toBe(0);
  expect(await media.recoverInterrupted()).toBe(1);
  expect(await t.app.jobs.state(ENCODE_QUEUE, queued.jobId as string)).toBe('retry');
  const [waiting] = await t.database.db.select().from(videos).where(eq(videos.id, id));
  expect(waiting?.status).toBe('QUEUED');
  // pg-boss would hand the retry out after the queue's retry delay (10 s); the delay is pg-boss's,
  // not what this test is about, so the retry is made due now.
  const due = await t.database.db.execute(
    sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${ENCODE_QUEUE} AND id = ${queued.jobId} AND state = 'retry'`,
  );
  expect(changedRows(due)).toBe(1);

  await t.app.jobs.startWorkers();
  const until = Date.now() + 120_000;
  let done = waiting;
  while (done?.status !== 'READY' && done?.status !== 'FAILED' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    [done] = await t.database.db.select().from(videos).where(eq(videos.id, id));
  }
  expect(done).toMatchObject({ status: 'READY', progress: 100, renditions: '360', message: null });
  const files = await listFiles(path.join(dataDir, 'files'));
  expect(files).toContain(videoKeys({ id, year }).master);
  expect(files.filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(0);
}, 180_000);
