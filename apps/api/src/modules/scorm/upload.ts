import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import '@fastify/multipart';
import { SCORM_LIMITS, SCORM_MESSAGES } from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../platform/http/errors';

/**
 * The multipart `file` of PUT lessons/{id}/package, streamed to a scratch file (never held in
 * memory; at most 2 GB), handed to `use`, and removed afterwards whatever happens.
 */
export async function withUploadedZip<T>(
  request: FastifyRequest,
  scratchDir: string,
  use: (file: string) => Promise<T>,
  messages: { fileRequired: string; tooLarge: string } = SCORM_MESSAGES,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest(messages.fileRequired);
  await fs.mkdir(scratchDir, { recursive: true });
  const file = path.join(scratchDir, `package-${randomUUID()}.upload`);
  try {
    const part = await request.file({
      limits: { fileSize: SCORM_LIMITS.maxPackageBytes, files: 1, fields: 10 },
    });
    if (part?.fieldname !== 'file') throw badRequest(messages.fileRequired);
    await pipeline(part.file, createWriteStream(file));
    if (part.file.truncated) throw new ApiError(413, messages.tooLarge);
    return await use(file);
  } finally {
    await fs.rm(file, { force: true });
  }
}
