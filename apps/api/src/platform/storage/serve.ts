import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../http/errors';
import {
  type ByteRange,
  FILES_PATH,
  isPublicFileKey,
  isValidFileKey,
  type Storage,
  type StoredFileInfo,
} from './storage';

/** `attachment; filename="…"; filename*=UTF-8''…` with a safe ASCII fallback. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Parses a single `bytes=` range against a file of `size` bytes.
 * undefined: no usable Range header (serve everything); null: not satisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

function etagOf(info: StoredFileInfo): string {
  return `"${info.etag}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

function setFileHeaders(reply: FastifyReply, info: StoredFileInfo): void {
  const isImage = info.contentType.startsWith('image/');
  const name = info.fileName ?? info.key.slice(info.key.lastIndexOf('/') + 1);
  reply
    .header('content-type', info.contentType)
    .header('etag', etagOf(info))
    .header('last-modified', info.lastModified.toUTCString())
    // Keys are never reused, so a file's bytes never change.
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(isImage ? 'inline' : 'attachment', name));
}

/** GET /files/<key>: stored files with caching validators and byte ranges. */
export function registerFileRoutes(app: FastifyInstance, storage: Storage): void {
  app.get(`${FILES_PATH}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => reply.status(404).send(errorBody(404, 'This file does not exist'));
    if (!isValidFileKey(key) || !isPublicFileKey(key)) return notFound();
    const info = await storage.stat(key);
    if (!info) return notFound();
    const fresh = matchesEtag(request.headers['if-none-match'], etagOf(info));
    const ifRange = request.headers['if-range'];
    const rangeAllowed = !fresh && (!ifRange || ifRange === etagOf(info));
    const range = rangeAllowed ? parseRange(request.headers.range, info.size) : undefined;
    if (range === null) {
      reply.header('content-range', `bytes */${info.size}`);
      return reply.status(416).send(errorBody(416, 'The requested range is not available'));
    }
    setFileHeaders(reply, info);
    if (fresh) return reply.status(304).send();
    const file = await storage.get(key, range);
    if (!file) return notFound();
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
