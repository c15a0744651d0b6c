import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { encodeVideoJob } from './encode';
import { ENCODE_QUEUE, MediaService, type OpenableLesson } from './service';

export { mediaStorageSweep } from './cleanup';
export { type MediaRouteOptions, mediaFileRoutes, mediaRoutes } from './routes';
export { assertStudyTimeFits, MediaService, type OpenableLesson, videoForLesson } from './service';

/**
 * The app's media service, made once by the composition root: declares the encoding queue and
 * what runs when workers start — interrupted encodings are resumed, then checked every minute, or
 * every half stale period when that is shorter (an encoding interrupted by a crash resumes soon
 * after its heartbeat goes stale, not up to a minute later) — and the encoding-state gauge.
 */
export function createMedia(
  ctx: AppContext,
  log: FastifyBaseLogger,
  openableLesson: OpenableLesson,
): MediaService {
  const media = new MediaService(ctx.db, ctx.storage, ctx.config, ctx.jobs, log, openableLesson);
  ctx.jobs.define(
    ENCODE_QUEUE,
    { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 6 * 3600 },
    encodeVideoJob(media),
    { concurrency: ctx.config.media.encodeConcurrency },
  );
  // With several worker processes, one at a time looks for interrupted encodings, so a video is
  // never queued twice.
  ctx.jobs.onWorkersStart(
    () => ctx.database.exclusive('media-maintenance', () => media.recoverInterrupted().then(() => {})),
    Math.min(60_000, ctx.config.media.staleSeconds * 500),
  );
  ctx.metrics.gauge(
    'academy_encoding_jobs',
    'Uploaded videos that passed their checks, by encoding state',
    ['state'],
    () => media.countByEncodingState(),
  );
  return media;
}
