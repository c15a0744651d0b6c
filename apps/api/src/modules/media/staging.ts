import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { Config } from '../../config';
import { UPLOAD_EXPIRY_MS, type UploadStaging } from './upload-staging';

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
