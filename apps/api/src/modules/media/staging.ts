import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../../config';

/** Unfinished uploads are forgotten after a week. */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

/**
 * Where tus uploads wait until the encoding job moves them into file storage: a folder on local
 * disk, or — when file storage is S3 — the bucket itself (objects named by the upload id at its
 * root), so every API process sees every upload.
 */
export interface UploadStaging {
  readonly kind: 'local' | 's3';
  readonly datastore: DataStore;
  /** What ffprobe/ffmpeg read a finished upload from: a local path or a short-lived HTTPS URL. */
  input(id: string): Promise<string>;
  /** A finished upload's bytes as a stream; null when it is gone (already moved or removed). */
  open(id: string): Promise<Readable | null>;
  /** Deletes an upload and its tus metadata; a missing upload is not an error. */
  remove(id: string): Promise<void>;
}

class LocalStaging implements UploadStaging {
  readonly kind = 'local' as const;
  readonly datastore: FileStore;

  constructor(private readonly dir: string) {
    this.datastore = new FileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  }

  private file(id: string): string {
    return path.join(this.dir, id);
  }

  async input(id: string): Promise<string> {
    return this.file(id);
  }

  async open(id: string): Promise<Readable | null> {
    const exists = await fs.stat(this.file(id)).then(
      () => true,
      () => false,
    );
    return exists ? createReadStream(this.file(id)) : null;
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.file(id), { force: true });
    // FileStore keeps the upload's metadata beside it.
    await fs.rm(`${this.file(id)}.json`, { force: true });
  }
}

/** The staging that fits the configured file storage (the S3 code loads only when used). */
export async function createUploadStaging(config: Config): Promise<UploadStaging> {
  if (config.storage.kind === 's3') {
    const { S3Staging } = await import('./staging-s3');
    return new S3Staging(config.storage);
  }
  return new LocalStaging(config.media.uploadsDir);
}
