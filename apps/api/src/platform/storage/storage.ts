import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { isValidFileKey } from './keys';
import type { DeletionJournal, Storage } from './types';

export { isStorageUnavailable, StorageUnavailableError } from './errors';
export { isValidFileKey } from './keys';
export type { ByteRange, DeletionJournal, ListedFile, PutOptions, Storage, StoredFileInfo } from './types';

/** A fresh key such as `images/2026/5f0c…e1.jpg`. */
export function newFileKey(folder: string, extension: string, now: Date = new Date()): string {
  const key = `${folder}/${now.getUTCFullYear()}/${randomUUID()}.${extension}`;
  if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
  return key;
}

/** Stored files are served under this path; the database keeps these URLs. */
export const FILES_PATH = '/files/';

/**
 * Folders whose files are never served by the public /files route, whatever the key: each is
 * downloaded only through its feature's guarded route (lesson documents, CVs, certificates) or a
 * signed URL (videos). Their keys are never sent to clients either; this is the second fence.
 */
export const PRIVATE_FOLDERS = [
  'lesson-documents',
  'recruitment-cvs',
  'recruitment-applications',
  'certificates',
  'certificate-templates',
  'videos',
  'media',
] as const;

export function isPublicFileKey(key: string): boolean {
  // Every stored file has a folder; root keys (tus staging objects in an S3 bucket) are never served.
  if (!key.includes('/')) return false;
  const folder = key.slice(0, key.indexOf('/'));
  return !(PRIVATE_FOLDERS as readonly string[]).includes(folder);
}

export function fileUrl(key: string): string {
  return `${FILES_PATH}${key}`;
}

/** The key behind one of our file URLs, or undefined for any other URL. */
export function fileKeyFromUrl(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(FILES_PATH)) return undefined;
  const key = url.slice(FILES_PATH.length);
  return isValidFileKey(key) ? key : undefined;
}

/** The configured store; `journal` remembers failed deletions for the cleanup job (journal.ts). */
export async function createStorage(config: Config, journal?: DeletionJournal): Promise<Storage> {
  if (config.storage.kind === 's3') {
    const { S3Storage } = await import('./s3');
    return new S3Storage(config.storage, journal);
  }
  const { LocalStorage } = await import('./local');
  return new LocalStorage(config.storage.dir, journal);
}

/** True when a write failed because the disk (or the user's quota) is full. */
export function isStorageFull(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Deletes `keys`, sixteen at a time. A key that cannot be deleted goes to `onFailure` (to log it)
 * and is left for the storage cleanup job's sweeps.
 */
export async function deleteFiles(
  storage: Storage,
  keys: string[],
  onFailure: (err: unknown, key: string) => void,
): Promise<void> {
  for (let i = 0; i < keys.length; i += 16) {
    await Promise.all(
      keys.slice(i, i + 16).map((key) => storage.delete(key).catch((err) => onFailure(err, key))),
    );
  }
}
