import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { MESSAGES, SCORM_LIMITS, SCORM_MESSAGES, SCORM_UPLOADS_PATH } from '@academy/contract';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/http/access';
import { ApiError, errorBody, forbidden, notFound } from '../../platform/http/errors';
import { isStorageFull } from '../../platform/storage/storage';

/** Unfinished (or finished and never imported) package uploads are removed after a week. */
export const PACKAGE_UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

/** What the tus hooks receive: a web Request whose Node request is reachable through srvx. */
type TusRequest = { method: string; url: string; runtime?: { node?: { req: IncomingMessage } } };
type TusError = { status_code: number; body: string };

const tusError = (status: number, message: string): TusError => ({
  status_code: status,
  body: JSON.stringify(errorBody(status, message)),
});

const UPLOAD_ACCESS = {
  permission: 'COURSE_MANAGEMENT',
  action: 'EDIT_COURSE_MANAGEMENT',
  denied: 'edit lessons',
} as const;

/** The uploader, written into the upload's metadata by the server (a client cannot set it later). */
const OWNER = 'academyOwner';

/**
 * Resumable uploads of SCORM packages (decision 112): the bytes of a .zip wait in
 * `DATA_DIR/package-uploads` (local disk, as the videos' staging) until
 * `PUT lessons/{id}/package { upload }` claims the finished upload, which moves it out of the
 * folder at once (a second claim finds nothing) and imports it exactly like a multipart upload.
 */
export class PackageUploads {
  readonly dir: string;
  readonly datastore: FileStore;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'package-uploads');
    this.datastore = new FileStore({
      directory: this.dir,
      expirationPeriodInMilliseconds: PACKAGE_UPLOAD_EXPIRY_MS,
    });
  }

  /** The uploader of an upload, or undefined when there is no such upload. */
  async owner(id: string): Promise<number | undefined> {
    const upload = await this.datastore.getUpload(id).catch(() => null);
    if (!upload) return undefined;
    return Number(upload.metadata?.[OWNER] ?? 0);
  }

  /**
   * Takes a finished upload of this person (or any, for an administrator) out of the staging
   * folder into `scratchDir`, and answers the file's path there (the caller removes it).
   */
  async claim(id: string, principal: Principal, scratchDir: string): Promise<string> {
    const upload = await this.datastore.getUpload(id).catch(() => null);
    if (!upload) throw notFound(SCORM_MESSAGES.uploadNotFound);
    const owner = Number(upload.metadata?.[OWNER] ?? 0);
    if (owner !== principal.id && principal.role !== 'ROLE_ADMIN')
      throw forbidden(SCORM_MESSAGES.uploadNotYours);
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new ApiError(409, SCORM_MESSAGES.uploadNotFinished);
    }
    await fs.mkdir(scratchDir, { recursive: true });
    const file = path.join(scratchDir, `scorm-${randomUUID()}.zip`);
    try {
      await fs.rename(path.join(this.dir, id), file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(SCORM_MESSAGES.uploadNotFound);
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another file system: copy, then remove.
      await fs.copyFile(path.join(this.dir, id), file);
      await fs.rm(path.join(this.dir, id), { force: true });
    }
    await fs.rm(path.join(this.dir, `${id}.json`), { force: true });
    return file;
  }

  /** Removes uploads untouched for PACKAGE_UPLOAD_EXPIRY_MS (files and their tus metadata). */
  async sweep(now: Date): Promise<number> {
    const before = now.getTime() - PACKAGE_UPLOAD_EXPIRY_MS;
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const id = name.endsWith('.json') ? name.slice(0, -5) : name;
      if (id.includes('.')) continue;
      const stat = await fs.stat(path.join(this.dir, name)).catch(() => null);
      if (!stat || stat.mtimeMs >= before) continue;
      // A file and its metadata go together; the metadata alone goes when its file is gone.
      if (name === id) {
        await fs.rm(path.join(this.dir, id), { force: true });
        await fs.rm(path.join(this.dir, `${id}.json`), { force: true });
        removed += 1;
      } else {
        const file = await fs.stat(path.join(this.dir, id)).catch(() => null);
        if (!file) await fs.rm(path.join(this.dir, name), { force: true });
      }
    }
    return removed;
  }
}

/** A tus error as our error body (the web app shows `message`). */
function mapTusError(err: Error | { status_code: number; body: string }): TusError {
  const status = 'status_code' in err ? err.status_code : 500;
  const body = 'body' in err ? err.body : '';
  if (body.startsWith('{')) return { status_code: status, body };
  if (status === 413) return tusError(413, SCORM_MESSAGES.tooLarge);
  if (status === 404 || status === 410) return tusError(status, SCORM_MESSAGES.uploadNotFound);
  if (status >= 500) return tusError(500, 'The upload failed, please try again');
  return tusError(status, body.trim() || 'The upload request is not valid');
}

/**
 * tus 1.0 at SCORM_UPLOADS_PATH for course managers who may edit lessons: the bytes stream to
 * disk, an interrupted upload continues from the offset the server reports, and only its uploader
 * (or an administrator) may continue it.
 */
export async function registerPackageUploads(app: FastifyInstance, uploads: PackageUploads): Promise<void> {
  const principals = new WeakMap<IncomingMessage, Principal>();
  const logs = new WeakMap<IncomingMessage, FastifyBaseLogger>();
  const principalOf = (req: TusRequest): Principal | undefined => {
    const raw = req.runtime?.node?.req;
    return raw ? principals.get(raw) : undefined;
  };

  const tus = new Server({
    path: SCORM_UPLOADS_PATH,
    datastore: uploads.datastore,
    relativeLocation: true,
    maxSize: SCORM_LIMITS.maxPackageBytes,
    namingFunction: () => randomUUID(),
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const owner = await uploads.owner(id);
      if (owner === undefined) return; // tus answers 404 for unknown uploads
      const principal = principalOf(req as TusRequest);
      if (!principal || (owner !== principal.id && principal.role !== 'ROLE_ADMIN')) {
        throw tusError(403, 'Only the person who started this upload may continue it');
      }
    },
    async onUploadCreate(req, upload: Upload) {
      const principal = principalOf(req as TusRequest);
      if (!principal) throw tusError(401, 'Please sign in to continue');
      return { metadata: { ...upload.metadata, [OWNER]: String(principal.id) } };
    },
    async onResponseError(req, err) {
      const raw = (req as TusRequest).runtime?.node?.req;
      const log = (raw && logs.get(raw)) ?? app.log;
      if (err instanceof ApiError) return tusError(err.status, err.message);
      if (isStorageFull(err)) {
        log.error({ err }, 'disk full: a SCORM package upload failed');
        return tusError(507, MESSAGES.storageFull);
      }
      const mapped = mapTusError(err);
      if (mapped.status_code >= 500) log.error({ err }, 'SCORM package upload failed');
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
    for (const url of ['/package-uploads', '/package-uploads/:id']) {
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
