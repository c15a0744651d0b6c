import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Largest multipart request part we accept anywhere; each form sets its own, smaller limits. */
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Streams multipart bodies (routes read them with `readForm`). */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    // readForm measures each file against its own rule and answers with that rule's message.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 100, fieldSize: 64 * 1024, parts: 200 },
  });
}
