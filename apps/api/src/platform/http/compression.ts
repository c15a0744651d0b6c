import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };
const GZIP_LEVEL = 6;

/**
 * Answers above 1 KB of a compressible type (JSON, HTML, text, SVG…) are compressed on the fly,
 * brotli when the browser takes it, else gzip. Brotli at quality 4: close to gzip's speed with
 * smaller output; the web app's own files are compressed at the highest quality once, at build
 * (web.ts serves those copies and this plugin leaves an answer that has an encoding alone).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ENCODINGS,
    brotliOptions: { params: BROTLI_PARAMS },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

/**
 * A stream that sends each part written to it at once, compressed as the browser prefers (the
 * plugin's choice and settings, `x-no-compression` included): for an answer written in parts over
 * time, which the plugin's compressor would hold until it had gathered enough. `encoding` is
 * undefined when the parts go as they are.
 */
export function flushingCompressor(headers: IncomingHttpHeaders): {
  stream: Transform;
  encoding: 'br' | 'gzip' | undefined;
} {
  if (headers['x-no-compression'] !== undefined) return { stream: new PassThrough(), encoding: undefined };
  // As the plugin reads the header: `*` and x-gzip are gzip.
  const header = headers['accept-encoding']?.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const encoding = header ? (negotiate(header, ENCODINGS) ?? undefined) : undefined;
  if (encoding === 'br') {
    const stream = createBrotliCompress({ params: BROTLI_PARAMS, flush: constants.BROTLI_OPERATION_FLUSH });
    return { stream, encoding };
  }
  if (encoding === 'gzip') {
    return { stream: createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH }), encoding };
  }
  return { stream: new PassThrough(), encoding: undefined };
}
