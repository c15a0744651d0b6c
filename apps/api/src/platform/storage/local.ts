import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidFileKey } from './keys';
import type { ByteRange, DeletionJournal, ListedFile, PutOptions, Storage, StoredFileInfo } from './types';

type Sidecar = { contentType: string; size: number; sha256: string; fileName?: string; createdAt: string };

const SIDECAR = '.meta.json';

/**
 * Files on local disk under `root`: the bytes at `root/<key>` and their facts beside them in
 * `<key>.meta.json`. Writes go to a temporary file first and are renamed into place, so a
 * reader never sees half a file; the sidecar is written last and marks the file as complete.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(
    readonly root: string,
    private readonly journal?: DeletionJournal,
  ) {}

  private pathOf(key: string): string {
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredFileInfo> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const tmpMeta = `${tmp}${SIDECAR}`;
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    let placed = false;
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, measure, createWriteStream(tmp, { flags: 'wx' }));
      const sidecar: Sidecar = {
        contentType: options.contentType,
        size,
        sha256: hash.digest('hex'),
        fileName: options.fileName,
        createdAt: new Date().toISOString(),
      };
      // Both parts are written before either is moved into place: a full disk fails here, with
      // nothing half-done at the key.
      await fs.writeFile(tmpMeta, JSON.stringify(sidecar));
      await fs.rename(tmp, target);
      placed = true;
      await fs.rename(tmpMeta, `${target}${SIDECAR}`);
      return this.toInfo(key, sidecar);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      await fs.rm(tmpMeta, { force: true });
      if (placed) await fs.rm(target, { force: true });
      throw err;
    }
  }

  private toInfo(key: string, sidecar: Sidecar): StoredFileInfo {
    return {
      key,
      size: sidecar.size,
      contentType: sidecar.contentType,
      etag: sidecar.sha256,
      lastModified: new Date(sidecar.createdAt),
      fileName: sidecar.fileName,
    };
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    if (!isValidFileKey(key)) return null;
    try {
      const raw = await fs.readFile(`${this.pathOf(key)}${SIDECAR}`, 'utf8');
      return this.toInfo(key, JSON.parse(raw) as Sidecar);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange) {
    const info = await this.stat(key);
    if (!info) return null;
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { info, stream };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    if (!isValidFileKey(key)) return;
    const target = this.pathOf(key);
    try {
      await fs.rm(`${target}${SIDECAR}`, { force: true });
      await fs.rm(target, { force: true });
    } catch (err) {
      await this.journal?.(key, err);
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    const walk = async function* (dir: string, keyPrefix: string): AsyncIterable<ListedFile> {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) {
          if (key !== '.tmp') yield* walk(path.join(dir, entry.name), `${key}/`);
        } else if (!entry.name.endsWith(SIDECAR)) {
          const stat = await fs.stat(path.join(dir, entry.name));
          yield { key, size: stat.size, lastModified: stat.mtime };
        }
      }
    };
    // Walk from the deepest folder the prefix names, then keep the keys that start with it.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
    for await (const file of walk(path.join(this.root, ...folder.split('/').filter(Boolean)), folder)) {
      if (file.key.startsWith(prefix)) yield file;
    }
  }

  async removeUnfinishedWrites(before: Date): Promise<number> {
    const tmpDir = path.join(this.root, '.tmp');
    const names = await fs.readdir(tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || stat.mtime >= before) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }
}
