import type { FastifyBaseLogger } from 'fastify';
import { fileKeyFromUrl, fileUrl, newFileKey, type Storage } from '../storage/storage';
import type { CheckedFile } from './checks';

/**
 * Stores checked files, runs `work` with their URLs, and removes the files again when `work`
 * fails, so a refused write leaves no orphan behind.
 */
export async function withStoredFiles<F extends string, T>(
  storage: Storage,
  folder: string,
  files: Partial<Record<F, CheckedFile>>,
  work: (urls: Partial<Record<F, string>>) => Promise<T>,
): Promise<T> {
  const urls: Partial<Record<F, string>> = {};
  const keys: string[] = [];
  try {
    for (const [field, file] of Object.entries(files) as [F, CheckedFile | undefined][]) {
      if (!file) continue;
      const key = newFileKey(folder, file.extension);
      await storage.put(key, file.data, { contentType: file.contentType, fileName: file.fileName });
      keys.push(key);
      urls[field] = fileUrl(key);
    }
    return await work(urls);
  } catch (err) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw err;
  }
}

/** Removes files that a record no longer points to (best effort: a failure is only logged). */
export async function removeStoredFiles(
  storage: Storage,
  log: FastifyBaseLogger,
  urls: (string | null | undefined)[],
): Promise<void> {
  for (const url of urls) {
    const key = fileKeyFromUrl(url);
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not remove a stored file');
    }
  }
}
