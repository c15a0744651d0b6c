import { inArray } from 'drizzle-orm';
import type { StorageSweep } from '../../platform/storage/cleanup';
import type { ScormService } from './service';
import { scormPackages } from './tables';
import type { PackageUploads } from './uploads';

/** A package's files younger than this are left alone: an import may be writing them now. */
const GRACE_MS = 3600 * 1000;
const ID_IN_KEY = /^scorm\/([0-9a-f-]{36})\//;
const CHUNK = 500;

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
    const graceBefore = new Date(now.getTime() - GRACE_MS);
    let orphanPackageFiles = 0;
    let batch: Array<{ key: string; id: string }> = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((b) => b.id))];
      const known = await scorm.db
        .select({ id: scormPackages.id })
        .from(scormPackages)
        .where(inArray(scormPackages.id, ids));
      const keep = new Set(known.map((k) => k.id));
      for (const { key, id } of batch) {
        if (keep.has(id)) continue;
        await scorm.storage.delete(key);
        orphanPackageFiles += 1;
      }
      batch = [];
    };
    for await (const file of scorm.storage.list('scorm/')) {
      const id = ID_IN_KEY.exec(file.key)?.[1];
      if (!id || file.lastModified >= graceBefore) continue;
      batch.push({ key: file.key, id });
      if (batch.length >= CHUNK) await flush();
    }
    if (batch.length) await flush();
    return { stalePackageUploads, orphanPackageFiles };
  };
}
