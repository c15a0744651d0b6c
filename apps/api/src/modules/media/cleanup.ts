import { MEDIA_MESSAGES } from '@academy/contract';
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { StorageSweep } from '../../platform/storage/cleanup';
import type { MediaService } from './service';
import { videos } from './tables';
import { UPLOAD_EXPIRY_MS } from './upload-staging';

/**
 * An object or staged upload younger than this is left alone: its upload or encoding may be
 * writing it right now (rows change a moment after their files).
 */
export const ORPHAN_GRACE_MS = 3600 * 1000;

/** Where the media module's files live: originals and HLS outputs, all named by the video id. */
const MEDIA_PREFIXES = ['videos/', 'media/videos/'];
const ID_IN_KEY = /^(?:media\/)?videos\/\d{4}\/([0-9a-f-]{36})(?:[./]|$)/;

/** Ids looked up in one query. */
const CHUNK = 500;

/**
 * The media module's part of the storage cleanup job:
 * - abandoned uploads — unfinished for UPLOAD_EXPIRY_MS (7 days) since their last byte — are
 *   removed from staging and their video REJECTED saying so; staged bytes nobody waits for (the
 *   video is gone or no longer uploading) are removed;
 * - objects under `videos/` and `media/videos/` whose video is unknown, refused (REJECTED) or
 *   never finished uploading are deleted: what a failed or abandoned upload left behind.
 */
export function mediaStorageSweep(media: MediaService): StorageSweep {
  return async (now) => {
    const { db, storage } = media;
    const staging = await media.staging();
    const graceBefore = new Date(now.getTime() - ORPHAN_GRACE_MS);
    const expiredBefore = new Date(now.getTime() - UPLOAD_EXPIRY_MS);

    const staged = await staging.list();
    const stagedIds = staged.map((s) => s.id);
    const rows = stagedIds.length
      ? await db
          .select({ id: videos.id, status: videos.status })
          .from(videos)
          .where(inArray(videos.id, stagedIds))
      : [];
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    let abandonedUploads = 0;
    let stagedRemoved = 0;
    for (const { id, modifiedAt } of staged) {
      const status = statusOf.get(id);
      if (status === 'UPLOADING') {
        if (modifiedAt >= expiredBefore) continue;
        await media.discardUpload(id, MEDIA_MESSAGES.uploadAbandoned);
        abandonedUploads += 1;
      } else if (modifiedAt < graceBefore) {
        await staging.remove(id);
        stagedRemoved += 1;
      }
    }
    // Uploads whose staged bytes are already gone (or never came) but whose row still waits.
    const stale = await db
      .update(videos)
      .set({ status: 'REJECTED', message: MEDIA_MESSAGES.uploadAbandoned, updatedAt: now })
      .where(
        and(
          eq(videos.status, 'UPLOADING'),
          lt(videos.createdAt, expiredBefore),
          ...(stagedIds.length ? [notInArray(videos.id, stagedIds)] : []),
        ),
      )
      .returning({ id: videos.id });
    abandonedUploads += stale.length;

    let orphanObjects = 0;
    for (const prefix of MEDIA_PREFIXES) {
      let batch: Array<{ key: string; id: string }> = [];
      const flush = async () => {
        const ids = [...new Set(batch.map((b) => b.id))];
        const known = await db
          .select({ id: videos.id, status: videos.status })
          .from(videos)
          .where(inArray(videos.id, ids));
        const keep = new Set(
          known.filter((k) => k.status !== 'REJECTED' && k.status !== 'UPLOADING').map((k) => k.id),
        );
        for (const { key, id } of batch) {
          if (keep.has(id)) continue;
          await storage.delete(key);
          orphanObjects += 1;
        }
        batch = [];
      };
      for await (const file of storage.list(prefix)) {
        const id = ID_IN_KEY.exec(file.key)?.[1];
        if (!id || file.lastModified >= graceBefore) continue;
        batch.push({ key: file.key, id });
        if (batch.length >= CHUNK) await flush();
      }
      if (batch.length) await flush();
    }
    return { abandonedUploads, stagedRemoved, orphanObjects };
  };
}
