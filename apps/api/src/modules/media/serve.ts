import { MEDIA_MESSAGES } from '@academy/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../../platform/http/errors';
import { parseRange } from '../../platform/storage/serve';
import { isValidFileKey } from '../../platform/storage/storage';
import { contentTypeOf, MEDIA_PATH } from './keys';
import type { MediaService } from './service';
import { verifyStreamToken } from './tokens';

/**
 * `videos/<year>/<id>` of a media path: the master/poster beside the folder, or a file in it
 * (renditions' playlists and segments, caption tracks).
 */
const MEDIA_FILE =
  /^(videos\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.(?:m3u8|jpg)|\/\d{3,4}p(?:_\d{5})?\.(?:m3u8|ts)|\/captions_\d{1,9}\.vtt)$/;

/** Appends the token to every URI line of a playlist, so native HLS players carry it on. */
export function signPlaylist(text: string, token: string): string {
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return line;
      return `${trimmed}${trimmed.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
    })
    .join('\n');
}

/**
 * GET /media/videos/<year>/<id>.m3u8 (master), …/<id>.jpg (poster), …/<id>/<rendition>…
 * (playlists, segments) and …/<id>/captions_<n>.vtt: only with a valid `token` for that video (403 otherwise), checked
 * without a database query. Playlists come back with the token on every URI; segments and the
 * poster are streamed with byte ranges and long cache headers.
 */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService): void {
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).header('cache-control', 'no-store').send(errorBody(status, message));

  app.get(`${MEDIA_PATH}*`, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const match = MEDIA_FILE.exec(rest);
    const key = `media/${rest}`;
    if (!match || !isValidFileKey(key)) return refuse(reply, 404, MEDIA_MESSAGES.videoNotFound);
    const token = (request.query as { token?: string }).token;
    if (!verifyStreamToken(await media.streamSecret(), match[1] as string, token)) {
      return refuse(reply, 403, MEDIA_MESSAGES.mediaForbidden);
    }
    const info = await media.storage.stat(key);
    if (!info) return refuse(reply, 404, MEDIA_MESSAGES.videoNotFound);
    reply.header('content-type', contentTypeOf(key)).header('x-content-type-options', 'nosniff');

    if (key.endsWith('.m3u8')) {
      const file = await media.storage.get(key);
      if (!file) return refuse(reply, 404, MEDIA_MESSAGES.videoNotFound);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return reply
        .header('cache-control', 'private, max-age=60')
        .send(signPlaylist(Buffer.concat(chunks).toString('utf8'), token as string));
    }

    const range = parseRange(request.headers.range, info.size);
    if (range === null) {
      reply.header('content-range', `bytes */${info.size}`);
      return refuse(reply, 416, 'The requested range is not available');
    }
    // Segment, poster and caption bytes never change once written (a new caption file gets a new id).
    reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('accept-ranges', 'bytes')
      .header('etag', `"${info.etag}"`);
    const file = await media.storage.get(key, range);
    if (!file) return refuse(reply, 404, MEDIA_MESSAGES.videoNotFound);
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', String(range.end - range.start + 1));
    } else {
      reply.header('content-length', String(info.size));
    }
    return reply.send(file.stream);
  });
}
