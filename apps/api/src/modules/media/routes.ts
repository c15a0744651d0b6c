import {
  ZApiError,
  ZCaption,
  ZCaptionParams,
  ZIdParam,
  ZVideo,
  ZVideoIdParam,
  ZVideoStream,
} from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { noteAudit } from '../../platform/http/audit-trail';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { addCaption, deleteCaption, listCaptions, readCaptionUpload } from './captions';
import { registerMediaRoutes } from './serve';
import type { MediaService } from './service';
import { registerVideoUploads } from './uploads';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['media'];

function userId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

/** What the media routes are given: the app's context and its one media service. */
export type MediaRouteOptions = AppContext & { media: MediaService };

/** Under the API prefix: tus uploads, the video state for the lesson form, the learner's stream. */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRouteOptions> = async (app, { media }) => {
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

  const editLessons = {
    permission: 'COURSE_MANAGEMENT',
    action: 'EDIT_COURSE_MANAGEMENT',
    denied: 'edit lessons',
  } as const;

  app.get(
    '/videos/:id/captions',
    {
      config: { access: { permission: 'COURSE_MANAGEMENT', denied: 'view videos' } },
      schema: {
        tags,
        summary: "A video's WebVTT caption tracks, by language",
        params: ZVideoIdParam,
        response: { 200: z.array(ZCaption), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await listCaptions(media.db, request.params.id);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.post(
    '/videos/:id/captions',
    {
      config: { access: editLessons },
      schema: {
        tags,
        summary:
          'Attach a WebVTT caption file to a video (multipart: fields language, label and file; at most 512 KB; one per language)',
        consumes: ['multipart/form-data'],
        params: ZVideoIdParam,
        response: { 201: ZCaption, ...errors, 413: ZApiError },
      },
    },
    async (request, reply) => {
      const upload = await readCaptionUpload(request);
      const caption = await addCaption(media.db, media.storage, request.params.id, upload);
      noteAudit(request, {
        entityType: 'captions',
        entityId: caption.id,
        after: { videoId: caption.videoId, language: caption.language, label: caption.label },
      });
      return reply.status(201).send(caption);
    },
  );

  app.delete(
    '/videos/:id/captions/:captionId',
    {
      config: { access: editLessons },
      schema: {
        tags,
        summary: 'Remove a caption track from its video',
        params: ZCaptionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, captionId } = request.params;
      await deleteCaption(media.db, media.storage, request.log, id, captionId);
      noteAudit(request, { entityType: 'captions', entityId: captionId, before: { videoId: id } });
      return reply.status(204).send(null);
    },
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
export const mediaFileRoutes: FastifyPluginAsyncZod<MediaRouteOptions> = async (app, { media }) => {
  registerMediaRoutes(app, media);
};
