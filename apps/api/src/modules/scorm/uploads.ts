import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, SCORM_LIMITS, SCORM_MESSAGES, SCORM_UPLOADS_PATH } from '@academy/contract';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../platform/http/access';
import { ApiError, forbidden, notFound } from '../../platform/http/errors';
import { isStorageFull } from '../../platform/storage/storage';
import { assertMayContinue, mapTusError, TusEndpoint, tusError } from '../../platform/uploads/tus';

/** Unfinished (or finished and never imported) package uploads are removed after a week. */
export const PACKAGE_UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

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

const TUS_MESSAGES = { tooLarge: SCORM_MESSAGES.tooLarge, notFound: SCORM_MESSAGES.uploadNotFound };

/**
 * tus 1.0 at SCORM_UPLOADS_PATH for course managers who may edit lessons: the bytes stream to
 * disk, an interrupted upload continues from the offset the server reports, and only its uploader
 * (or an administrator) may continue it.
 */
export async function registerPackageUploads(app: FastifyInstance, uploads: PackageUploads): Promise<void> {
  const endpoint = new TusEndpoint(app);

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
      assertMayContinue(owner, endpoint.principalOf(req));
    },
    async onUploadCreate(req, upload: Upload) {
      const principal = endpoint.principalOf(req);
      if (!principal) throw tusError(401, 'Please sign in to continue');
      return { metadata: { ...upload.metadata, [OWNER]: String(principal.id) } };
    },
    async onResponseError(req, err) {
      const log = endpoint.logOf(req);
      if (err instanceof ApiError) return tusError(err.status, err.message);
      if (isStorageFull(err)) {
        log.error({ err }, 'disk full: a SCORM package upload failed');
        return tusError(507, MESSAGES.storageFull);
      }
      const mapped = mapTusError(err, TUS_MESSAGES);
      if (mapped.status_code >= 500) log.error({ err }, 'SCORM package upload failed');
      return mapped;
    },
  });

  await endpoint.serve(tus, ['/package-uploads', '/package-uploads/:id'], UPLOAD_ACCESS);
}
