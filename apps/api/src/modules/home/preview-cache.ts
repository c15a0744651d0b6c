import type { TResponsiveImage } from '@academy/contract';
import type { Db } from '../../platform/db/client';

/**
 * What the web app index (`/`) writes into its head from the home page: the introduction as
 * plain text and the first banner. Read at most once per HOME_PREVIEW_TTL_MS for each database and
 * dropped as soon as this process changes the banners or the introduction; another process of a
 * scale-out (README "Running at scale") serves the change within the TTL (decision 59).
 */
export type HomePreview = { text: string; image: TResponsiveImage | null };

export const HOME_PREVIEW_TTL_MS = 5_000;

type Entry = { readAt: number; value: Promise<HomePreview> };
const entries = new WeakMap<Db, Entry>();

export function cachedHomePreview(db: Db, read: (db: Db) => Promise<HomePreview>): Promise<HomePreview> {
  const now = Date.now();
  const entry = entries.get(db);
  if (entry && now - entry.readAt < HOME_PREVIEW_TTL_MS) return entry.value;
  // The promise is kept, so the requests that arrive while it is read share one read.
  const value = read(db);
  entries.set(db, { readAt: now, value });
  value.catch(() => {
    if (entries.get(db)?.value === value) entries.delete(db);
  });
  return value;
}

/** Called once a change of the banners or the introduction is committed. */
export function forgetHomePreview(db: Db): void {
  entries.delete(db);
}
