import { inArray } from 'drizzle-orm';
import type { StorageSweep } from '../../platform/storage/cleanup';
import type { Storage } from '../../platform/storage/storage';
import type { ScormService } from './service';
import { scormPackages } from './tables';
import type { PackageUploads } from './uploads';

/** A package's files younger than this are left alone: an import may be writing them now. */
const GRACE_MS = 3600 * 1000;
const CHUNK = 500;

/**
 * Files under `prefix` (`<prefix><uuid>/…`) whose owner row is gone, older than an hour, deleted;
 * answers how many. `known` tells which of some ids still exist. The cmi5 module sweeps its
 * courses' files with it too.
 */
export async function sweepOrphanFiles(
  storage: Storage,
  prefix: string,
  known: (ids: string[]) => Promise<Set<string>>,
  now: Date,
): Promise<number> {
  // `prefix` is a fixed folder name such as "scorm/" (no pattern characters).
  const idInKey = new RegExp(`^${prefix}([0-9a-f-]{36})/`);
  const graceBefore = new Date(now.getTime() - GRACE_MS);
  let removed = 0;
  let batch: Array<{ key: string; id: string }> = [];
  const flush = async () => {
    const keep = await known([...new Set(batch.map((b) => b.id))]);
    for (const { key, id } of batch) {
      if (keep.has(id)) continue;
      await storage.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const file of storage.list(prefix)) {
    const id = idInKey.exec(file.key)?.[1];
    if (!id || file.lastModified >= graceBefore) continue;
    batch.push({ key: file.key, id });
    if (batch.length >= CHUNK) await flush();
  }
  if (batch.length) await flush();
  return removed;
}

/**
 * The scorm module's part of the storage cleanup job: package uploads untouched for a week, and
 * the files of packages that are gone (their lesson was deleted, or an import died between
 * writing its files and its row).
 */
export function scormStorageSweep(
  scorm: Pick<ScormService, 'db' | 'storage'>,
  uploads: PackageUploads,
): StorageSweep {
  return async (now) => {
    const stalePackageUploads = await uploads.sweep(now);
    const orphanPackageFiles = await sweepOrphanFiles(
      scorm.storage,
      'scorm/',
      async (ids) => {
        const rows = await scorm.db
          .select({ id: scormPackages.id })
          .from(scormPackages)
          .where(inArray(scormPackages.id, ids));
        return new Set(rows.map((row) => row.id));
      },
      now,
    );
    return { stalePackageUploads, orphanPackageFiles };
  };
}
