import { z } from 'zod';

/** Lesson video rules (SPEC §5): at most 6 GB, at least 720p, at least one minute long. */
export const MEDIA_LIMITS = {
  maxVideoBytes: 6 * 1024 * 1024 * 1024,
  minVideoHeight: 720,
  minVideoSeconds: 60,
  /** HLS segment length. */
  segmentSeconds: 6,
  /** A WebVTT caption file: at most 256 KB (three hours of dense subtitles fit). */
  maxCaptionBytes: 256 * 1024,
  /** Caption tracks of one video (one per language). */
  maxCaptionsPerVideo: 20,
} as const;

/** Where the tus (resumable upload) endpoint lives. */
export const VIDEO_UPLOADS_PATH = '/services/core/api/uploads';

export const MEDIA_MESSAGES = {
  notAVideo: 'This file is not a video we can read',
  tooSmall: 'The video must be at least 720p',
  tooShort: 'The video must be at least 1 minute long',
  tooLarge: 'The video must be at most 6 GB',
  videoNotFound: 'This video does not exist',
  uploadNotFinished: 'Wait until the video upload has finished',
  uploadAbandoned:
    'This upload was not finished within 7 days and was removed; please upload the video again',
  videoRejected: 'This video was refused; upload another one',
  beingEncoded: 'The video is being encoded',
  encodingFailed: 'The video could not be encoded',
  demoVideoFailed: 'The demo video could not be made on this machine (see the server log)',
  notRetryable: 'Only a video whose encoding failed can be retried',
  mediaForbidden: 'You may not watch this video',
  notWebVtt: 'This file is not a WebVTT caption file',
  captionTooLarge: 'A caption file must be at most 256 KB',
  captionLanguageTaken: 'This video already has captions in this language; delete them first',
  tooManyCaptions: 'A video has at most 20 caption languages',
  captionNotFound: 'These captions do not exist',
  captionLanguage: 'Give the language as a code such as en, vi or pt-BR',
  captionLabel: 'Give the captions a name of at most 64 characters, such as English',
} as const;

/**
 * What happens to an uploaded video: UPLOADING (bytes arriving) → REJECTED (checks failed, file
 * removed) or QUEUED → ENCODING → READY, or FAILED (staff may retry).
 */
export const VIDEO_STATUSES = ['UPLOADING', 'REJECTED', 'QUEUED', 'ENCODING', 'READY', 'FAILED'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** States in which the video was accepted and may be attached to a lesson. */
export const ACCEPTED_VIDEO_STATUSES: readonly VideoStatus[] = ['QUEUED', 'ENCODING', 'READY', 'FAILED'];

/** An uploaded video as course managers see it (lesson form). */
export const ZVideo = z.object({
  /** The upload id (a UUID): also the last part of the tus upload URL. */
  id: z.string(),
  status: z.enum(VIDEO_STATUSES),
  /** Why it was refused or why encoding failed; null otherwise. */
  message: z.string().nullable(),
  /** Encoding progress 0–100 (100 when ready). */
  progress: z.number().int(),
  originalName: z.string(),
  sizeBytes: z.number().int(),
  durationSeconds: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Heights of the encoded renditions, highest first (e.g. [720, 480, 360]). */
  renditions: z.array(z.number().int()),
  /** The lesson's video URL for this upload (`/videos/<year>/<id>.mp4`). */
  videoUrl: z.string(),
  /** Signed playlist and poster URLs, when READY. */
  playlistUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** Failed encoding attempts so far. */
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TVideo = z.infer<typeof ZVideo>;

/** A WebVTT caption track of an uploaded video, as course managers list it. */
export const ZCaption = z.object({
  id: z.number().int(),
  videoId: z.string(),
  /** BCP 47 language tag, e.g. `en`, `vi`, `pt-BR` (the track's srclang). */
  language: z.string(),
  /** What the player's caption menu shows, e.g. "English". */
  label: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type TCaption = z.infer<typeof ZCaption>;

/** BCP 47 tags as players take them: a 2–3 letter language, then subtags (`pt-BR`, `zh-Hant`). */
export const CAPTION_LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

/** The text fields of POST videos/{id}/captions (the file is the multipart field `file`). */
export const ZCaptionFields = z.object({
  language: z.string().trim().regex(CAPTION_LANGUAGE, MEDIA_MESSAGES.captionLanguage),
  label: z.string().trim().min(1, MEDIA_MESSAGES.captionLabel).max(64, MEDIA_MESSAGES.captionLabel),
});
export type TCaptionFields = z.infer<typeof ZCaptionFields>;

/** A caption track the learner's player loads: signed and short-lived like the playlist. */
export const ZStreamCaption = z.object({
  language: z.string(),
  label: z.string(),
  url: z.string(),
});
export type TStreamCaption = z.infer<typeof ZStreamCaption>;

export const ZCaptionParams = z.object({ id: z.uuid(), captionId: z.coerce.number().int().positive() });

/** GET lessons/{id}/stream: how the learner's player gets an uploaded lesson video. */
export const ZVideoStream = z.object({
  lessonId: z.number().int(),
  status: z.enum(VIDEO_STATUSES),
  message: z.string().nullable(),
  progress: z.number().int(),
  durationSeconds: z.number().int().nullable(),
  /** Signed, short-lived URLs; null until the video is READY. */
  playlistUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** When the signature stops working (ISO time); the player asks again before then. */
  expiresAt: z.string().nullable(),
  /** Caption tracks by language, once the video is READY (empty before). */
  captions: z.array(ZStreamCaption),
});
export type TVideoStream = z.infer<typeof ZVideoStream>;

export const ZVideoIdParam = z.object({ id: z.uuid() });

const VIDEO_URL = /^\/videos\/(\d{4})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.mp4$/;

/** The lesson video URL of an uploaded video. */
export function uploadedVideoUrl(id: string, year: number): string {
  return `/videos/${year}/${id}.mp4`;
}

/** The upload id behind an uploaded lesson video URL, or null for anything else (YouTube…). */
export function videoIdFromUrl(url: string | null | undefined): string | null {
  return (url && VIDEO_URL.exec(url)?.[2]) || null;
}

/**
 * SPEC §7: a video URL becomes its streaming playlist URL by inserting a media segment and
 * replacing .mp4 with .m3u8: `/videos/2026/<id>.mp4` → `/media/videos/2026/<id>.m3u8`.
 * Works for absolute URLs too (the segment goes right after the host).
 */
export function hlsPlaylistUrl(videoUrl: string): string {
  const withM3u8 = videoUrl.replace(/\.mp4(?=$|[?#])/, '.m3u8');
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/[^/]+)(\/.*)$/i.exec(withM3u8);
  if (absolute) return `${absolute[1]}/media${absolute[2]}`;
  return `/media${withM3u8.startsWith('/') ? '' : '/'}${withM3u8}`;
}
