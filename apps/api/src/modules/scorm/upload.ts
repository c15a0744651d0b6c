import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import '@fastify/multipart';
import { SCORM_LIMITS, SCORM_MESSAGES, ZApiError, ZScormImportUpload } from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, unauthorized } from '../../platform/http/errors';
import type { PackageUploads } from './uploads';

/** The error answers of the lesson package routes (SCORM packages, cmi5 courses). */
export const packageRouteErrors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  413: ZApiError,
};

/** Who may change a lesson's package, and who may read it. */
export const lessonPackageAccess = {
  edit: { permission: 'COURSE_MANAGEMENT', action: 'EDIT_COURSE_MANAGEMENT', denied: 'edit lessons' },
  view: { permission: 'COURSE_MANAGEMENT', denied: 'view lessons' },
} as const;

type PackageMessages = { fileRequired: string; tooLarge: string };

/**
 * The package a PUT of a lesson's package carries (PUT lessons/{id}/package, …/cmi5): the
 * multipart `file`, or JSON `{ upload }` naming this user's finished resumable upload, claimed
 * into `scratchDir`. Handed to `use`, and removed afterwards whatever happens.
 */
export async function withRequestPackage<T>(
  request: FastifyRequest,
  {
    scratchDir,
    uploads,
    messages,
  }: { scratchDir: string; uploads: PackageUploads; messages: PackageMessages },
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (request.isMultipart()) return withUploadedZip(request, scratchDir, use, messages);
  const parsed = ZScormImportUpload.safeParse(request.body);
  if (!parsed.success) throw badRequest(messages.fileRequired);
  if (!request.principal) throw unauthorized();
  const file = await uploads.claim(parsed.data.upload, request.principal, scratchDir);
  try {
    return await use(file);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * The multipart `file` of PUT lessons/{id}/package, streamed to a scratch file (never held in
 * memory; at most 2 GB), handed to `use`, and removed afterwards whatever happens.
 */
async function withUploadedZip<T>(
  request: FastifyRequest,
  scratchDir: string,
  use: (file: string) => Promise<T>,
  messages: PackageMessages = SCORM_MESSAGES,
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
