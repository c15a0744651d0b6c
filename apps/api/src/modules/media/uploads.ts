import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MESSAGES, VIDEO_UPLOADS_PATH } from '@academy/contract';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/http/access';
import { ApiError, errorBody } from '../../platform/http/errors';
import { isStorageFull, isStorageUnavailable } from '../../platform/storage/storage';
import type { MediaService } from './service';

/** What the tus hooks receive: a web Request whose Node request is reachable through srvx. */
type TusRequest = { method: string; url: string; runtime?: { node?: { req: IncomingMessage } } };

type TusError = { status_code: number; body: string };

function tusError(status: number, message: string): TusError {
  return { status_code: status, body: JSON.stringify(errorBody(status, message)) };
}

const UPLOAD_ACCESS = { permission: 'COURSE_MANAGEMENT', denied: 'upload videos' } as const;

/** A tus error as our error body (the web app shows `message`). */
function mapTusError(err: Error | { status_code: number; body: string }): TusError {
  const status = 'status_code' in err ? err.status_code : 500;
  const body = 'body' in err ? err.body : '';
  if (body.startsWith('{')) return { status_code: status, body };
  if (status === 413) return tusError(413, MEDIA_MESSAGES.tooLarge);
  if (status === 404 || status === 410) return tusError(status, 'This upload does not exist');
  if (status >= 500) return tusError(500, 'The upload failed, please try again');
  return tusError(status, body.trim() || 'The upload request is not valid');
}

/**
 * Resumable video uploads (tus 1.0) at /services/core/api/uploads, COURSE_MANAGEMENT only.
 * Bytes stream straight to staging on local disk (staging.ts), then into file storage once checked,
 * never held in memory; an interrupted upload continues from the offset the server reports. Only its uploader may continue an upload.
 * When the last byte arrives the video is checked, and the final PATCH answers with the video
 * (status QUEUED or REJECTED with the reason).
 */
export async function registerVideoUploads(app: FastifyInstance, media: MediaService): Promise<void> {
  const principals = new WeakMap<IncomingMessage, Principal>();
  // Each request's own logger, so a failure is logged with its request id.
  const logs = new WeakMap<IncomingMessage, FastifyBaseLogger>();
  const principalOf = (req: TusRequest): Principal | undefined => {
    const raw = req.runtime?.node?.req;
    return raw ? principals.get(raw) : undefined;
  };
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
      const principal = principalOf(req as TusRequest);
      const owner = await media.uploadOwner(id);
      if (owner === undefined) return; // tus answers 404 for unknown uploads
      if (!principal || (owner !== principal.id && principal.role !== 'ROLE_ADMIN')) {
        throw tusError(403, 'Only the person who started this upload may continue it');
      }
    },
    async onUploadCreate(req, upload: Upload) {
      const principal = principalOf(req as TusRequest);
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
      const principal = principalOf(req as TusRequest);
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
      const raw = (req as TusRequest).runtime?.node?.req;
      const log = (raw && logs.get(raw)) ?? app.log;
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
      const mapped = mapTusError(err);
      if (mapped.status_code >= 500) log.error({ err, upload: id }, 'video upload failed');
      return mapped;
    },
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.principal) principals.set(request.raw, request.principal);
    logs.set(request.raw, request.log);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  await app.register(async (scope) => {
    // tus streams the body itself: Fastify must not read it.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    for (const url of ['/uploads', '/uploads/:id']) {
      scope.route({
        method: [...methods],
        url,
        config: { access: UPLOAD_ACCESS },
        schema: { hide: true },
        handler: handle,
      });
    }
  });
}
