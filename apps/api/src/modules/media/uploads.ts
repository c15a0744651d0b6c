import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MESSAGES, VIDEO_UPLOADS_PATH } from '@academy/contract';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../platform/http/errors';
import { isStorageFull, isStorageUnavailable } from '../../platform/storage/storage';
import {
  assertMayContinue,
  mapTusError,
  TusEndpoint,
  type TusRequest,
  tusError,
} from '../../platform/uploads/tus';
import type { MediaService } from './service';

const UPLOAD_ACCESS = { permission: 'COURSE_MANAGEMENT', denied: 'upload videos' } as const;
const TUS_MESSAGES = { tooLarge: MEDIA_MESSAGES.tooLarge, notFound: 'This upload does not exist' };

/**
 * Resumable video uploads (tus 1.0) at /services/core/api/uploads, COURSE_MANAGEMENT only.
 * Bytes stream straight to staging on local disk (staging.ts), then into file storage once checked,
 * never held in memory; an interrupted upload continues from the offset the server reports. Only its uploader may continue an upload.
 * When the last byte arrives the video is checked, and the final PATCH answers with the video
 * (status QUEUED or REJECTED with the reason).
 */
export async function registerVideoUploads(app: FastifyInstance, media: MediaService): Promise<void> {
  const endpoint = new TusEndpoint(app);
  // The id given to a new upload, until its POST is answered (a failed POST has no URL to read it from).
  const createdIds = new WeakMap<IncomingMessage, string>();
  const uploadIdOf = (req: TusRequest): string | undefined => {
    const raw = req.runtime?.node?.req;
    if (req.method === 'POST') return raw ? createdIds.get(raw) : undefined;
    const last = new URL(req.url).pathname.split('/').at(-1);
    return last && last !== 'uploads' ? last : undefined;
  };
  const { datastore } = await media.staging();

  const tus = new Server({
    path: VIDEO_UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: MEDIA_LIMITS.maxVideoBytes,
    namingFunction: (req) => {
      const id = randomUUID();
      const raw = (req as TusRequest).runtime?.node?.req;
      if (raw) createdIds.set(raw, id);
      return id;
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const owner = await media.uploadOwner(id);
      if (owner === undefined) return; // tus answers 404 for unknown uploads
      assertMayContinue(owner, endpoint.principalOf(req));
    },
    async onUploadCreate(req, upload: Upload) {
      const principal = endpoint.principalOf(req);
      if (!principal) throw tusError(401, 'Please sign in to continue');
      const name = upload.metadata?.filename ?? upload.metadata?.name ?? 'video';
      await media.createUpload({
        id: upload.id,
        ownerId: principal.id,
        originalName: name.trim(),
        sizeBytes: upload.size ?? 0,
      });
      return {};
    },
    async onUploadFinish(req, upload: Upload) {
      const principal = endpoint.principalOf(req);
      const row = await media.finishUpload(upload.id, upload.size ?? upload.offset);
      const video = await media.toVideo(row, principal?.id ?? 0);
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(video),
      };
    },
    async onResponseError(req, err) {
      const id = uploadIdOf(req as TusRequest);
      const log = endpoint.logOf(req);
      if (err instanceof ApiError) return tusError(err.status, err.message);
      if (isStorageFull(err)) {
        // The disk is full: what arrived of this upload is thrown away (it cannot be finished
        // here, and its bytes would keep the disk full for everyone else).
        if (id) await media.discardUpload(id, MESSAGES.storageFull);
        log.error({ err, upload: id }, 'storage full: a video upload was discarded');
        return tusError(507, MESSAGES.storageFull);
      }
      if (isStorageUnavailable(err)) {
        log.error({ err, upload: id }, 'file storage unavailable: a video upload was not stored');
        return tusError(503, MESSAGES.storageUnavailable);
      }
      const mapped = mapTusError(err, TUS_MESSAGES);
      if (mapped.status_code >= 500) log.error({ err, upload: id }, 'video upload failed');
      return mapped;
    },
  });

  await endpoint.serve(tus, ['/uploads', '/uploads/:id'], UPLOAD_ACCESS);
}
