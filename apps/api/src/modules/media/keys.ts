import { uploadedVideoUrl } from '@academy/contract';

/** Where a video's files live in storage. Everything is named by the upload id. */
export type VideoKeys = {
  /** The original upload: `videos/<year>/<id>.mp4` (its URL is the lesson's video URL). */
  source: string;
  /** The signing scope of its stream URLs. */
  scope: string;
  /** HLS: master playlist, poster, and the folder of the renditions' playlists and segments. */
  master: string;
  poster: string;
  folder: string;
};

export function videoKeys(video: { id: string; year: number }): VideoKeys {
  const scope = `videos/${video.year}/${video.id}`;
  return {
    source: `${scope}.mp4`,
    scope,
    master: `media/${scope}.m3u8`,
    poster: `media/${scope}.jpg`,
    folder: `media/${scope}`,
  };
}

export function videoUrlOf(video: { id: string; year: number }): string {
  return uploadedVideoUrl(video.id, video.year);
}

export const MEDIA_PATH = '/media/';

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
