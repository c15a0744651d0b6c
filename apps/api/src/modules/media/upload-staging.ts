import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

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
