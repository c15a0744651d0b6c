import { MEDIA_LIMITS, type TVideo, VIDEO_UPLOADS_PATH, ZVideo } from '@academy/contract';
import { ResumableUpload } from '../../lib/tus';

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

/** A resumable (tus) upload of a lesson video; the final PATCH answers the checked video. */
export class VideoUpload extends ResumableUpload {
  constructor(file: File, handlers: UploadHandlers) {
    super(
      file,
      VIDEO_UPLOADS_PATH,
      { filetype: file.type || 'video/mp4' },
      {
        onProgress: handlers.onProgress,
        onSuccess: (body) => {
          try {
            handlers.onChecked(ZVideo.parse(JSON.parse(body)));
          } catch {
            handlers.onError('The server did not confirm the upload, please try again');
          }
        },
        onError: handlers.onError,
      },
    );
  }
}
