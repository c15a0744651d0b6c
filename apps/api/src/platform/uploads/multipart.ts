import '@fastify/multipart';
import { MESSAGES } from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, badRequest } from '../http/errors';
import { type CheckedFile, checkFile, type FileRule, tooLargeError } from './checks';
import { parseFields } from './fields';

export type FormSpec<S extends z.ZodType, F extends string> = {
  fields: S;
  files: Record<F, FileRule>;
};

export type ParsedForm<S extends z.ZodType, F extends string> = {
  fields: z.output<S>;
  files: Partial<Record<F, CheckedFile>>;
};

type RawFile = { data: Buffer; fileName: string; tooLarge: boolean };

const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

function translateLimit(err: unknown): unknown {
  const code = (err as { code?: string })?.code;
  if (code === 'FST_FILES_LIMIT') return new ApiError(413, MESSAGES.tooManyFiles);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest(MESSAGES.invalidRequest);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(MESSAGES.invalidRequest);
  return err;
}

/** Reads the multipart body: fields as strings (repeated names become arrays), files buffered up to their rule's size. */
async function readParts(
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<{ fields: Record<string, string | string[]>; files: Map<string, RawFile> }> {
  const fields: Record<string, string | string[]> = {};
  const files = new Map<string, RawFile>();
  const fileFields = Object.keys(rules);
  const largest = Math.max(0, ...Object.values(rules).map((r) => r.maxBytes));
  try {
    const parts = request.parts({
      // busboy stops buffering one byte past the largest limit and discards the rest.
      limits: {
        fileSize: largest + 1,
        files: Math.max(1, fileFields.length),
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        const existing = fields[part.fieldname];
        if (existing === undefined) fields[part.fieldname] = value;
        else fields[part.fieldname] = Array.isArray(existing) ? [...existing, value] : [existing, value];
        continue;
      }
      const rule = rules[part.fieldname];
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      // Read every file to its end, keeping at most maxBytes: the answer is clear and the
      // connection stays usable.
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (!rule || tooLarge) continue;
        if (size > rule.maxBytes) {
          tooLarge = true;
          chunks.length = 0;
          continue;
        }
        chunks.push(chunk);
      }
      if (!rule) throw badRequest(`Unexpected file field ${part.fieldname}`);
      // Browsers send an empty part for a file input left empty.
      if (size === 0 && !part.filename) continue;
      files.set(part.fieldname, { data: Buffer.concat(chunks), fileName: part.filename, tooLarge });
    }
  } catch (err) {
    throw translateLimit(err);
  }
  return { fields, files };
}

/**
 * Parses a form into validated fields and checked files. Accepts multipart/form-data, or a
 * JSON body for forms sent without files. Nothing is stored here: the caller stores the
 * checked files once the rest of the request is known to be valid.
 *
 * Order of refusals: a file over its size limit (413), then field validation (400),
 * then a missing required file (400), then each file's content (415 wrong type, 422 damaged).
 */
export async function readForm<S extends z.ZodType, F extends string>(
  request: FastifyRequest,
  spec: FormSpec<S, F>,
): Promise<ParsedForm<S, F>> {
  const rules = spec.files as Record<string, FileRule>;
  let rawFields: unknown = request.body ?? {};
  let rawFiles = new Map<string, RawFile>();
  if (request.isMultipart()) {
    const read = await readParts(request, rules);
    rawFields = read.fields;
    rawFiles = read.files;
  }
  for (const [field, file] of rawFiles) {
    const rule = rules[field];
    if (rule && file.tooLarge) throw tooLargeError(field, rule);
  }
  const fields = parseFields(spec.fields, rawFields);
  const missing = Object.entries(rules)
    .filter(([field, rule]) => rule.required && !rawFiles.has(field))
    .map(([field]) => ({ field, message: MESSAGES.fileRequired }));
  if (missing.length) throw badRequest(MESSAGES.fileRequired, missing);
  const files: Partial<Record<F, CheckedFile>> = {};
  for (const [field, file] of rawFiles) {
    const rule = rules[field];
    if (!rule) continue;
    files[field as F] = await checkFile(field, file.data, rule, file.fileName);
  }
  return { fields, files };
}
