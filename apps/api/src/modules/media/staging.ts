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

  async list(): Promise<Array<{ id: string; modifiedAt: Date }>> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const staged = [];
    for (const id of names.filter((name) => !name.includes('.'))) {
      const stat = await fs.stat(this.file(id)).catch(() => null);
      if (stat) staged.push({ id, modifiedAt: stat.mtime });
    }
    return staged;
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.file(id), { force: true });
    // FileStore keeps the upload's metadata beside it.
    await fs.rm(`${this.file(id)}.json`, { force: true });
  }
}

/**
 * Uploads in progress wait in `DATA_DIR/uploads`, whatever the file storage: a finished upload
 * is moved into storage once its checks pass (decision 77).
 */
export async function createUploadStaging(config: Config): Promise<UploadStaging> {
  return new LocalStaging(config.media.uploadsDir);
}
