import * as tus from 'tus-js-client';
import { accessToken } from './api';

/**
 * Resumable (tus 1.0) uploads to the API with the bearer token: lesson videos (features/media)
 * and SCORM packages (features/scorm). Each PATCH carries at most CHUNK_BYTES, so a pause or a
 * dropped connection loses little; the browser remembers unfinished uploads under the file's
 * fingerprint, so choosing the same file again continues where it stopped.
 */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Retries after a dropped connection before the form offers "Resume". */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface UnfinishedUpload {
  name: string;
  size: number;
  key: string;
}

/** Uploads started in this browser to `path` and not finished. */
export async function unfinishedUploadsTo(path: string, fallbackName: string): Promise<UnfinishedUpload[]> {
  if (!tus.canStoreURLs) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all
    .filter((u) => u.uploadUrl?.includes(path))
    .map((u) => ({ name: u.metadata.filename ?? fallbackName, size: u.size ?? 0, key: u.urlStorageKey }));
}

export async function forgetUpload(key: string): Promise<void> {
  await tus.defaultOptions.urlStorage.removeUpload(key);
}

/** The SPEC message of a failed tus request (our API answers JSON errors), or a generic one. */
function messageOf(error: Error): string {
  const response = error instanceof tus.DetailedError ? error.originalResponse : null;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { message?: string };
      if (body.message) return body.message;
    } catch {
      // not JSON: fall through
    }
  }
  return error.message.split('\n')[0] ?? error.message;
}

export interface ResumableHandlers {
  onProgress: (sent: number, total: number) => void;
  /** The last byte arrived: the final response's body and the upload's URL. */
  onSuccess: (body: string, url: string) => void;
  onError: (message: string) => void;
}

/**
 * One resumable upload to `path` (under the page's origin). `start()` continues an earlier
 * upload of the same file when this browser remembers one; `pause()` keeps what the server has;
 * `cancel()` deletes it.
 */
export class ResumableUpload {
  private readonly upload: tus.Upload;

  constructor(file: File, path: string, metadata: Record<string, string>, handlers: ResumableHandlers) {
    this.upload = new tus.Upload(file, {
      endpoint: new URL(path, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, ...metadata },
      onBeforeRequest: async (req) => {
        const token = await accessToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: handlers.onProgress,
      onSuccess: ({ lastResponse }) =>
        handlers.onSuccess(lastResponse.getBody() ?? '', this.upload.url ?? ''),
      onError: (error) => handlers.onError(messageOf(error)),
    });
  }

  async start(): Promise<void> {
    const previous = await this.upload.findPreviousUploads();
    const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (latest) this.upload.resumeFromPreviousUpload(latest);
    this.upload.start();
  }

  pause(): Promise<void> {
    return this.upload.abort(false);
  }

  resume(): void {
    this.upload.start();
  }

  cancel(): Promise<void> {
    return this.upload.abort(true).catch(() => {});
  }
}
