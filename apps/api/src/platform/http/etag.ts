import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/**
 * onSend hook for public GETs: a strong ETag from the body's hash, and 304 without a body when
 * the client already holds it. Browsers revalidate (`no-cache`) so edits show at once.
 */
export async function etagOnSend(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}
