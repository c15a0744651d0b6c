import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ACCEPTED_VIDEO_STATUSES,
  MEDIA_MESSAGES,
  MESSAGES,
  type TVideo,
  type TVideoStream,
  type VideoStatus,
  videoIdFromUrl,
} from '@academy/contract';
import { and, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { generateTestVideo } from '../../platform/media/hls';
import { decodesCleanly, probeFile } from '../../platform/media/probe';
import { findMediaTools, type MediaTools } from '../../platform/media/tools';
import { isStorageFull, type Storage } from '../../platform/storage/storage';
import { streamCaptions } from './captions';
import { videoProblem } from './checks';
import { videoKeys, videoUrlOf } from './keys';
import { createUploadStaging } from './staging';
import { videos } from './tables';
import { loadStreamSecret, signStreamToken } from './tokens';
import type { UploadStaging } from './upload-staging';

export type VideoRow = typeof videos.$inferSelect;

/**
 * The lesson `userId` wants to watch, when they may open it now, else throws 403. The study
 * module answers it (app.ts passes its `unlockedLesson`): study sits above media, so media cannot
 * import it.
 */
export type OpenableLesson = (
  db: Db,
  userId: number,
  lessonId: number,
) => Promise<{ videoKind: string; videoUrl: string }>;

export const ENCODE_QUEUE = 'media-encode';
export type EncodeJob = { videoId: string };
const ENCODING_STATES = ['QUEUED', 'ENCODING', 'READY', 'FAILED'] as const;

/** The one place that knows the media module's moving parts (tools, secret, queue). */
export class MediaService {
  private tools: Promise<MediaTools> | undefined;
  private secret: Promise<Buffer> | undefined;
  private uploads: Promise<UploadStaging> | undefined;

  constructor(
    readonly db: Db,
    readonly storage: Storage,
    readonly config: Config,
    readonly jobs: Jobs,
    readonly log: FastifyBaseLogger,
    private readonly openableLesson: OpenableLesson,
  ) {}

  mediaTools(): Promise<MediaTools> {
    this.tools ??= findMediaTools({
      FFMPEG_PATH: this.config.media.ffmpegPath,
      FFPROBE_PATH: this.config.media.ffprobePath,
      PATH: process.env.PATH,
    });
    return this.tools;
  }

  streamSecret(): Promise<Buffer> {
    this.secret ??= loadStreamSecret(this.db);
    return this.secret;
  }

  /** Where tus uploads wait until they are finished and checked (local disk). */
  staging(): Promise<UploadStaging> {
    this.uploads ??= createUploadStaging(this.config);
    return this.uploads;
  }

  async find(id: string): Promise<VideoRow> {
    const [row] = await this.db.select().from(videos).where(eq(videos.id, id));
    if (!row) throw notFound(MEDIA_MESSAGES.videoNotFound);
    return row;
  }

  /** Signed playlist and poster URLs of a READY video for one user, and their token. */
  async signedUrls(row: VideoRow, userId: number) {
    if (row.status !== 'READY') return { playlistUrl: null, posterUrl: null, expiresAt: null, token: null };
    const keys = videoKeys(row);
    const { token, expiresAt } = signStreamToken(
      await this.streamSecret(),
      keys.scope,
      userId,
      this.config.media.tokenTtlSeconds,
    );
    return {
      playlistUrl: `/${keys.master}?token=${token}`,
      posterUrl: `/${keys.poster}?token=${token}`,
      expiresAt: expiresAt.toISOString(),
      token,
    };
  }

  async toVideo(row: VideoRow, userId: number): Promise<TVideo> {
    const urls = await this.signedUrls(row, userId);
    return {
      id: row.id,
      status: row.status as VideoStatus,
      message: row.message,
      progress: row.progress,
      originalName: row.originalName,
      sizeBytes: row.sizeBytes,
      durationSeconds: row.durationSeconds,
      width: row.width,
      height: row.height,
      renditions: row.renditions ? row.renditions.split(',').map(Number) : [],
      videoUrl: videoUrlOf(row),
      playlistUrl: urls.playlistUrl,
      posterUrl: urls.posterUrl,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** A tus upload starts: its row, owned by the uploader. */
  async createUpload(input: { id: string; ownerId: number; originalName: string; sizeBytes: number }) {
    await this.db.insert(videos).values({
      id: input.id,
      ownerId: input.ownerId,
      originalName: input.originalName.slice(0, 255) || 'video',
      sizeBytes: input.sizeBytes,
      year: new Date().getUTCFullYear(),
    });
  }

  /** Who may continue an upload: its uploader. Null when the upload is unknown. */
  async uploadOwner(id: string): Promise<number | null | undefined> {
    const [row] = await this.db.select({ ownerId: videos.ownerId }).from(videos).where(eq(videos.id, id));
    return row ? row.ownerId : undefined;
  }

  /**
   * An upload that cannot go on (the disk is full): its bytes and tus metadata are removed and
   * the video is REJECTED with the reason. Best effort: it runs while things are failing.
   */
  async discardUpload(id: string, message: string): Promise<void> {
    const staging = await this.staging();
    await staging.remove(id).catch((err) => this.log.warn({ err, upload: id }, 'could not remove an upload'));
    await this.db
      .update(videos)
      .set({ status: 'REJECTED', message, updatedAt: new Date() })
      .where(and(eq(videos.id, id), eq(videos.status, 'UPLOADING')))
      .catch((err) => this.log.warn({ err, upload: id }, 'could not mark an upload rejected'));
  }

  /**
   * The last byte arrived: probe the file. Refused videos are deleted at once and say why;
   * accepted ones are queued for encoding.
   */
  async finishUpload(id: string, sizeBytes: number): Promise<VideoRow> {
    const staging = await this.staging();
    const input = await staging.input(id);
    const tools = await this.mediaTools();
    const probe = await probeFile(tools, input);
    let problem = videoProblem(probe);
    if (!problem && !(await decodesCleanly(tools, input))) problem = MEDIA_MESSAGES.notAVideo;
    if (problem || !probe) {
      await staging.remove(id);
      const [row] = await this.db
        .update(videos)
        .set({ status: 'REJECTED', message: problem ?? MEDIA_MESSAGES.notAVideo, updatedAt: new Date() })
        .where(eq(videos.id, id))
        .returning();
      if (!row) throw notFound(MEDIA_MESSAGES.videoNotFound);
      return row;
    }
    await this.storeOriginal(id);
    const [row] = await this.db
      .update(videos)
      .set({
        status: 'QUEUED',
        message: null,
        sizeBytes,
        durationSeconds: Math.floor(probe.durationSeconds),
        width: probe.width,
        height: probe.height,
        hasAudio: probe.hasAudio,
        updatedAt: new Date(),
      })
      .where(eq(videos.id, id))
      .returning();
    if (!row) throw notFound(MEDIA_MESSAGES.videoNotFound);
    return this.enqueue(row);
  }

  /**
   * Moves a checked upload into file storage (`videos/<year>/<id>.mp4`; S3: a multipart upload).
   * When storage fails, the upload is thrown away and the video REJECTED saying so (it is to be
   * sent again), the half-stored object is deleted (or journaled for the cleanup job), and the
   * storage error goes up: the last PATCH answers 503 and the error is logged.
   */
  private async storeOriginal(id: string): Promise<void> {
    const staging = await this.staging();
    const [row] = await this.db.select().from(videos).where(eq(videos.id, id));
    if (!row) throw notFound(MEDIA_MESSAGES.videoNotFound);
    const source = videoKeys(row).source;
    const bytes = await staging.open(id);
    if (!bytes) throw notFound('This upload does not exist');
    try {
      await this.storage.put(source, bytes, {
        contentType: 'application/octet-stream',
        fileName: row.originalName,
      });
    } catch (err) {
      bytes.destroy();
      await this.storage.delete(source).catch(() => {});
      await this.discardUpload(id, isStorageFull(err) ? MESSAGES.storageFull : MESSAGES.storageUnavailable);
      throw err;
    }
    await staging.remove(id);
  }

  /**
   * The demo video (decision 84): the server makes a clip with ffmpeg (a test pattern and a tone;
   * no network) where a finished upload would be staged, and it goes through the same checks,
   * storage and encoding as an upload. A clip that cannot be made leaves the video rejected
   * saying so.
   */
  async makeDemoVideo(
    id: string,
    clip: { width: number; height: number; seconds: number; fps: number },
  ): Promise<VideoRow> {
    const staging = await this.staging();
    const file = await staging.input(id);
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await generateTestVideo(await this.mediaTools(), file, clip);
    } catch (err) {
      await this.discardUpload(id, MEDIA_MESSAGES.demoVideoFailed);
      throw err;
    }
    const { size } = await fs.stat(file);
    return this.finishUpload(id, size);
  }

  async enqueue(row: VideoRow): Promise<VideoRow> {
    const jobId = await this.jobs.send<EncodeJob>(ENCODE_QUEUE, { videoId: row.id });
    const [updated] = await this.db
      .update(videos)
      .set({ jobId, status: 'QUEUED', progress: 0, updatedAt: new Date() })
      .where(eq(videos.id, row.id))
      .returning();
    return updated ?? row;
  }

  /** Staff retry a video whose encoding failed. */
  async retry(id: string): Promise<VideoRow> {
    const row = await this.find(id);
    if (row.status !== 'FAILED') throw conflict(MEDIA_MESSAGES.notRetryable);
    const [reset] = await this.db
      .update(videos)
      .set({ status: 'QUEUED', message: null, updatedAt: new Date() })
      .where(and(eq(videos.id, id), eq(videos.status, 'FAILED')))
      .returning();
    if (!reset) throw conflict(MEDIA_MESSAGES.notRetryable);
    return this.enqueue(reset);
  }

  /** GET lessons/{id}/stream: the learner may open the lesson (else 403), then signed URLs. */
  async lessonStream(userId: number, lessonId: number): Promise<TVideoStream> {
    const lesson = await this.openableLesson(this.db, userId, lessonId);
    const id = lesson.videoKind === 'upload' ? videoIdFromUrl(lesson.videoUrl) : null;
    if (!id) throw notFound(MEDIA_MESSAGES.videoNotFound);
    const row = await this.find(id);
    const { token, ...urls } = await this.signedUrls(row, userId);
    const captions = token ? await streamCaptions(this.db, row, token) : [];
    const status = row.status as VideoStatus;
    const message =
      status === 'QUEUED' || status === 'ENCODING'
        ? MEDIA_MESSAGES.beingEncoded
        : status === 'READY'
          ? null
          : row.message;
    return {
      lessonId,
      status,
      message,
      progress: row.progress,
      durationSeconds: row.durationSeconds,
      ...urls,
      captions,
    };
  }

  /**
   * An encoding whose worker died (the process was killed) keeps its job "active" and its
   * heartbeat stops: fail that job so pg-boss retries it. Runs when workers start and every minute.
   */
  async recoverInterrupted(now: Date = new Date()): Promise<number> {
    const staleBefore = new Date(now.getTime() - this.config.media.staleSeconds * 1000);
    const stale = await this.db
      .select()
      .from(videos)
      .where(
        and(
          eq(videos.status, 'ENCODING'),
          or(isNull(videos.heartbeatAt), lt(videos.heartbeatAt, staleBefore)),
        ),
      );
    for (const row of stale) {
      const failed = row.jobId
        ? await this.jobs.failActive(ENCODE_QUEUE, row.jobId, 'worker stopped')
        : false;
      const state = row.jobId && !failed ? await this.jobs.state(ENCODE_QUEUE, row.jobId) : null;
      const waiting = failed || state === 'created' || state === 'retry';
      await this.db
        .update(videos)
        .set({ status: 'QUEUED', message: null, heartbeatAt: now, updatedAt: now })
        .where(and(eq(videos.id, row.id), eq(videos.status, 'ENCODING')));
      if (!waiting) await this.enqueue({ ...row, status: 'QUEUED' });
      this.log.warn({ video: row.id }, 'resuming an interrupted video encoding');
    }
    return stale.length;
  }

  /** For /metrics: videos by encoding state (queued, encoding, ready, failed), zeros included. */
  async countByEncodingState(): Promise<Array<{ labels: { state: string }; value: number }>> {
    const rows = await this.db
      .select({ status: videos.status, count: count() })
      .from(videos)
      .where(inArray(videos.status, ENCODING_STATES))
      .groupBy(videos.status);
    return ENCODING_STATES.map((status) => ({
      labels: { state: status.toLowerCase() },
      value: rows.find((r) => r.status === status)?.count ?? 0,
    }));
  }
}

/**
 * For the courses module: the uploaded video behind a lesson video URL, which must have passed
 * its checks. Its real duration replaces whatever the form said.
 */
export async function videoForLesson(db: Db, url: string): Promise<{ durationSeconds: number }> {
  const id = videoIdFromUrl(url);
  const [row] = id ? await db.select().from(videos).where(eq(videos.id, id)) : [];
  if (!row)
    throw badRequest(MEDIA_MESSAGES.videoNotFound, [
      { field: 'videoUrl', message: MEDIA_MESSAGES.videoNotFound },
    ]);
  const status = row.status as VideoStatus;
  if (!ACCEPTED_VIDEO_STATUSES.includes(status) || row.durationSeconds === null) {
    const message =
      status === 'UPLOADING'
        ? MEDIA_MESSAGES.uploadNotFinished
        : (row.message ?? MEDIA_MESSAGES.videoRejected);
    throw badRequest(message, [{ field: 'videoUrl', message }]);
  }
  return { durationSeconds: row.durationSeconds };
}

/** The minimum study time against an uploaded video's real duration (SPEC §5). */
export function assertStudyTimeFits(minStudyMinutes: number, durationSeconds: number): void {
  if (minStudyMinutes * 60 > durationSeconds) {
    throw badRequest(MESSAGES.minStudyAboveDuration, [
      { field: 'minStudyMinutes', message: MESSAGES.minStudyAboveDuration },
    ]);
  }
}
