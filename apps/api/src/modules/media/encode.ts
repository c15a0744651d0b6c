import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@academy/contract';
import { eq, sql } from 'drizzle-orm';
import type { JobHandler } from '../../platform/jobs/jobs';
import { encodeHls, extractPoster, pickLadder, planRenditions } from '../../platform/media/hls';
import { probeFile } from '../../platform/media/probe';
import { LocalStorage } from '../../platform/storage/local';
import { contentTypeOf, videoKeys } from './keys';
import type { EncodeJob, MediaService, VideoRow } from './service';
import { videos } from './tables';

/**
 * Makes sure the original is in storage (moving it out of the tus staging folder) and returns a
 * local path ffmpeg can read.
 */
async function ensureSource(media: MediaService, row: VideoRow, work: string): Promise<string> {
  const { storage } = media;
  const keys = videoKeys(row);
  const staging = await media.staging();
  const original = { contentType: 'application/octet-stream', fileName: row.originalName };
  const uploaded = await staging.open(row.id);
  if (uploaded) {
    await storage.put(keys.source, uploaded, original);
    await staging.remove(row.id);
  }
  if (storage instanceof LocalStorage) return path.join(storage.root, ...keys.source.split('/'));
  const file = await storage.get(keys.source);
  if (!file) throw new Error('the original video is missing from storage');
  const local = path.join(work, 'source');
  await pipeline(file.stream, createWriteStream(local));
  return local;
}

/**
 * The encoding job: original → HLS renditions (the ladder that fits the source), master playlist
 * and poster, stored under `media/videos/<year>/<id>…`. Progress and a heartbeat are written as
 * it goes. On failure the job is retried (pg-boss); after the last attempt the video is FAILED
 * with the reason, and staff can retry it.
 */
export function encodeVideoJob(media: MediaService): JobHandler<EncodeJob> {
  return async (job) => {
    const { db, storage, config } = media;
    const [row] = await db.select().from(videos).where(eq(videos.id, job.data.videoId));
    if (!row || (row.status !== 'QUEUED' && row.status !== 'ENCODING')) return;
    const keys = videoKeys(row);
    const work = path.join(config.media.workDir, row.id);
    await fs.rm(work, { recursive: true, force: true });
    await fs.mkdir(work, { recursive: true });
    const touch = (progress?: number) =>
      db
        .update(videos)
        .set({ heartbeatAt: new Date(), ...(progress === undefined ? {} : { progress }) })
        .where(eq(videos.id, row.id));
    await db
      .update(videos)
      .set({
        status: 'ENCODING',
        progress: 0,
        message: null,
        heartbeatAt: new Date(),
        jobId: job.id,
        updatedAt: new Date(),
      })
      .where(eq(videos.id, row.id));
    media.log.info({ video: row.id, job: job.id, attempt: job.retryCount + 1 }, 'encoding a video');
    const beat = setInterval(
      () => void touch().catch(() => {}),
      Math.min(10_000, (config.media.staleSeconds * 1000) / 3),
    );
    try {
      const tools = await media.mediaTools();
      const source = await ensureSource(media, row, work);
      const probe = await probeFile(tools, source);
      if (!probe?.hasVideo) throw new Error(MEDIA_MESSAGES.notAVideo);
      const renditions = planRenditions(probe, pickLadder(config.media.ladder));
      const outDir = path.join(work, 'hls');
      let lastWrite = 0;
      let writing = Promise.resolve();
      const result = await encodeHls(tools, {
        input: source,
        outDir,
        source: probe,
        renditions,
        segmentSeconds: MEDIA_LIMITS.segmentSeconds,
        preset: config.media.preset,
        variantPrefix: `${row.id}/`,
        signal: job.signal,
        onProgress: (seconds) => {
          const now = Date.now();
          if (now - lastWrite < 1000) return;
          lastWrite = now;
          const progress = Math.min(95, Math.floor((seconds / Math.max(1, probe.durationSeconds)) * 95));
          writing = writing.then(() => touch(progress).then(() => {})).catch(() => {});
        },
      });
      await writing;
      const poster = path.join(work, 'poster.jpg');
      await extractPoster(tools, source, poster, probe.durationSeconds);
      const outputs = result.files.filter((f) => f !== 'master.m3u8');
      for (const [i, file] of outputs.entries()) {
        if (job.signal.aborted) throw new Error('encoding was stopped');
        await storage.put(`${keys.folder}/${file}`, createReadStream(path.join(outDir, file)), {
          contentType: contentTypeOf(file),
        });
        if (i % 20 === 19) await touch(95 + Math.floor((i / outputs.length) * 4));
      }
      await storage.put(keys.poster, createReadStream(poster), { contentType: 'image/jpeg' });
      // The master playlist goes last: once it exists, every file it names exists too.
      await storage.put(keys.master, createReadStream(result.master), {
        contentType: contentTypeOf(keys.master),
      });
      await db
        .update(videos)
        .set({
          status: 'READY',
          progress: 100,
          message: null,
          renditions: renditions.map((r) => r.height).join(','),
          durationSeconds: Math.floor(probe.durationSeconds),
          heartbeatAt: null,
          updatedAt: new Date(),
        })
        .where(eq(videos.id, row.id));
      media.log.info({ video: row.id, job: job.id }, 'video encoded');
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (job.signal.aborted) {
        // Shutting down: the job is retried when the server is back.
        await db
          .update(videos)
          .set({ status: 'QUEUED', heartbeatAt: null, updatedAt: new Date() })
          .where(eq(videos.id, row.id))
          .catch(() => {});
        throw err;
      }
      const last = job.retryCount >= job.retryLimit;
      await db
        .update(videos)
        .set({
          status: last ? 'FAILED' : 'QUEUED',
          message: last ? `${MEDIA_MESSAGES.encodingFailed}: ${reason}`.slice(0, 1000) : null,
          attempts: sql`${videos.attempts} + 1`,
          heartbeatAt: null,
          updatedAt: new Date(),
        })
        .where(eq(videos.id, row.id));
      throw err;
    } finally {
      clearInterval(beat);
      await fs.rm(work, { recursive: true, force: true }).catch(() => {});
    }
  };
}
