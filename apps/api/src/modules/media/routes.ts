import { ZApiError, ZIdParam, ZVideo, ZVideoIdParam, ZVideoStream } from '@academy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { encodeVideoJob } from './encode';
import { registerMediaRoutes } from './serve';
import { ENCODE_QUEUE, MediaService } from './service';
import { registerVideoUploads } from './uploads';

const services = new WeakMap<AppContext, MediaService>();

/**
 * The media service of an app (one per app context): declares the encoding queue and what runs
 * when workers start — interrupted encodings are resumed, then checked
 * every minute, or every half stale period when that is shorter (an encoding interrupted by a
 * crash resumes soon after its heartbeat goes stale, not up to a minute later).
 */
export function mediaServiceOf(ctx: AppContext, log: FastifyInstance['log']): MediaService {
  const existing = services.get(ctx);
  if (existing) return existing;
  const media = new MediaService(ctx.db, ctx.storage, ctx.config, ctx.jobs, log);
  ctx.jobs.define(
    ENCODE_QUEUE,
    { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 6 * 3600 },
    encodeVideoJob(media),
    { concurrency: ctx.config.media.encodeConcurrency },
  );
  // With several worker processes, one at a time looks for interrupted encodings, so a video is
  // never queued twice.
  ctx.jobs.onWorkersStart(
    () =>
      ctx.database.exclusive('media-maintenance', async () => {
        await media.recoverInterrupted();
      }),
    Math.min(60_000, ctx.config.media.staleSeconds * 500),
  );
  ctx.metrics.gauge(
    'academy_encoding_jobs',
    'Uploaded videos that passed their checks, by encoding state',
    ['state'],
    () => media.countByEncodingState(),
  );
  services.set(ctx, media);
  return media;
}

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['media'];

function userId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

/** Under the API prefix: tus uploads, the video state for the lesson form, the learner's stream. */
export const mediaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const media = mediaServiceOf(ctx, app.log);
  await registerVideoUploads(app, media);

  app.get(
    '/videos/:id',
    {
      config: { access: { permission: 'COURSE_MANAGEMENT', denied: 'view videos' } },
      schema: {
        tags,
        summary: 'An uploaded video: checks, encoding state and progress, signed preview URLs when ready',
        params: ZVideoIdParam,
        response: { 200: ZVideo, ...errors },
      },
    },
    async (request) => media.toVideo(await media.find(request.params.id), userId(request)),
  );

  app.post(
    '/videos/:id/retry',
    {
      config: {
        access: { permission: 'COURSE_MANAGEMENT', action: 'EDIT_COURSE_MANAGEMENT', denied: 'edit lessons' },
      },
      schema: {
        tags,
        summary: 'Encode a video again after its encoding failed',
        params: ZVideoIdParam,
        response: { 200: ZVideo, ...errors },
      },
    },
    async (request) => media.toVideo(await media.retry(request.params.id), userId(request)),
  );

  app.get(
    '/lessons/:id/stream',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          "An unlocked lesson's uploaded video: state, and short-lived signed playlist and poster URLs",
        params: ZIdParam,
        response: { 200: ZVideoStream, ...errors },
      },
    },
    async (request) => media.lessonStream(userId(request), request.params.id),
  );
};

/** Outside the API prefix: /media/* (HLS playlists, segments, posters) with signed URLs. */
export const mediaFileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  registerMediaRoutes(app, mediaServiceOf(ctx, app.log));
};
