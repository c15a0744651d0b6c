import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
