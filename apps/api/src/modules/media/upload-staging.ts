import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

/** Unfinished uploads are forgotten after a week. */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

/**
 * Where tus uploads wait until their last byte arrived and their checks passed: a folder on local
 * disk (`DATA_DIR/uploads`; shared by the API processes when there are several), then the
 * original moves into file storage (local disk or S3).
 */
export interface UploadStaging {
  readonly kind: 'local';
  readonly datastore: DataStore;
  /** What ffprobe/ffmpeg read a finished upload from: a local path. */
  input(id: string): Promise<string>;
  /** A finished upload's bytes as a stream; null when it is gone (already moved or removed). */
  open(id: string): Promise<Readable | null>;
  /** The uploads staged now (finished or not), with when their bytes last changed. */
  list(): Promise<Array<{ id: string; modifiedAt: Date }>>;
  /** Deletes an upload and its tus metadata; a missing upload is not an error. */
  remove(id: string): Promise<void>;
}
