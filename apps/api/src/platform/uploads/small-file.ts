import '@fastify/multipart';
import { MESSAGES } from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../http/errors';

/**
 * Reads the one multipart field `file` into memory (imports, lesson documents): at most `max`
 * bytes, refused with 413 beyond without keeping more than `max` in memory; its name as sent.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  max: number,
): Promise<{ data: Buffer; fileName: string }> {
  const refuse = (status: number, message: string) =>
    new ApiError(status, message, [{ field: 'file', message }]);
  if (!request.isMultipart()) throw refuse(400, MESSAGES.fileRequired);
  let data: Buffer | undefined;
  let fileName = '';
  let tooLarge = false;
  try {
    const part = await request.file({ limits: { fileSize: max + 1, files: 1 } });
    if (part && part.fieldname !== 'file') throw badRequest(`Unexpected file field ${part.fieldname}`);
    if (part) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) tooLarge = true;
        else chunks.push(chunk);
      }
      data = Buffer.concat(chunks);
      fileName = part.filename;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest(MESSAGES.invalidRequest);
  }
  if (tooLarge) throw refuse(413, MESSAGES.fileTooLarge);
  if (!data || data.length === 0) throw refuse(400, MESSAGES.fileRequired);
  return { data, fileName };
}
