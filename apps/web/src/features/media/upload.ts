import { MEDIA_LIMITS, type TVideo, VIDEO_UPLOADS_PATH, ZVideo } from '@academy/contract';
import * as tus from 'tus-js-client';
import { accessToken } from '../../lib/api';

/** Each PATCH carries at most this much, so a pause or a dropped connection loses little. */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Retries after a dropped connection before the form offers "Resume". */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

export function uploadsEndpoint(): string {
  return new URL(VIDEO_UPLOADS_PATH, window.location.origin).href;
}

export interface UnfinishedUpload {
  name: string;
  size: number;
  key: string;
}

/**
 * Uploads started in this browser and not finished (tus keeps their URL under the file's
 * fingerprint in localStorage): choosing the same file again continues where it stopped.
 */
export async function unfinishedUploads(): Promise<UnfinishedUpload[]> {
  if (!tus.canStoreURLs) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all
    .filter((u) => u.uploadUrl?.includes(VIDEO_UPLOADS_PATH))
    .map((u) => ({ name: u.metadata.filename ?? 'video', size: u.size ?? 0, key: u.urlStorageKey }));
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

export interface UploadHandlers {
  onProgress: (sent: number, total: number) => void;
  /** The server checked the video (it may still be REJECTED, with the reason). */
  onChecked: (video: TVideo) => void;
  onError: (message: string) => void;
}

/** Local checks before a byte is sent. Null when the file may go. */
export function fileProblem(file: File): 'type' | 'size' | null {
  if (file.type && !file.type.startsWith('video/')) return 'type';
  if (file.size > MEDIA_LIMITS.maxVideoBytes) return 'size';
  return null;
}

/**
 * A resumable (tus) upload of a lesson video. `start()` continues an earlier upload of the same
 * file when this browser remembers one; `pause()` keeps what the server has; `cancel()` deletes it.
 */
export class VideoUpload {
  private readonly upload: tus.Upload;

  constructor(file: File, handlers: UploadHandlers) {
    this.upload = new tus.Upload(file, {
      endpoint: uploadsEndpoint(),
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type || 'video/mp4' },
      onBeforeRequest: async (req) => {
        const token = await accessToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: handlers.onProgress,
      onSuccess: ({ lastResponse }) => {
        try {
          handlers.onChecked(ZVideo.parse(JSON.parse(lastResponse.getBody())));
        } catch {
          handlers.onError('The server did not confirm the upload, please try again');
        }
      },
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
