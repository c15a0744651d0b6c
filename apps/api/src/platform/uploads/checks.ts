import { MESSAGES } from '@academy/contract';
import sharp from 'sharp';
import { ApiError } from '../http/errors';
import { sniff } from './sniff';

// Every upload is a different image: caching decoded ones would only hold memory.
sharp.cache(false);

/** What a form field accepts. Rules are checked by content; a refused file is never stored. */
export type FileRule =
  | {
      kind: 'image';
      maxBytes: number;
      /** Shown when the file is larger than maxBytes. */
      tooLargeMessage?: string;
      /** Re-encoded to fit in a box this many pixels wide and high (default 1600). */
      fit?: number;
      required?: boolean;
    }
  | { kind: 'pdf' | 'document'; maxBytes: number; tooLargeMessage?: string; required?: boolean };

/** A file that passed its rule, ready to store. */
export type CheckedFile = {
  field: string;
  data: Buffer;
  contentType: string;
  extension: string;
  /** The uploader's name with the extension of what the file really is. */
  fileName: string;
  kind: FileRule['kind'];
};

/** Largest image we decode: 40 megapixels (e.g. 8000 × 5000). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

function refuse(status: number, field: string, message: string): ApiError {
  return new ApiError(status, message, [{ field, message }]);
}

export function tooLargeError(field: string, rule: FileRule): ApiError {
  const fallback = rule.kind === 'image' ? MESSAGES.imageTooLarge : MESSAGES.fileTooLarge;
  return refuse(413, field, rule.tooLargeMessage ?? fallback);
}

/** A display name: no folders or control characters, at most 120 characters, our extension. */
export function safeFileName(original: string | undefined, extension: string): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 120);
  return `${stem || 'file'}.${extension}`;
}

async function checkImage(field: string, data: Buffer, fit: number, original?: string): Promise<CheckedFile> {
  const type = sniff(data);
  if (type !== 'jpeg' && type !== 'png') throw refuse(415, field, MESSAGES.imageType);
  let width = 0;
  let height = 0;
  try {
    // Reads the header only: a huge image is refused before any pixel is decoded.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (meta.format !== type) throw refuse(415, field, MESSAGES.imageType);
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw refuse(422, field, MESSAGES.imageCorrupt);
  }
  if (!width || !height) throw refuse(422, field, MESSAGES.imageCorrupt);
  if (width * height > MAX_IMAGE_PIXELS) throw refuse(422, field, MESSAGES.imageTooManyPixels);
  try {
    // Decoding everything (failOn 'warning') refuses truncated or damaged files; rotate()
    // applies the EXIF orientation; the output carries no EXIF or other metadata.
    const pipeline = sharp(data, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: fit, height: fit, fit: 'inside', withoutEnlargement: true });
    const output =
      type === 'jpeg'
        ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
        : await pipeline.png({ compressionLevel: 8 }).toBuffer();
    const extension = type === 'jpeg' ? 'jpg' : 'png';
    return {
      field,
      data: output,
      contentType: CONTENT_TYPES[extension],
      extension,
      fileName: safeFileName(original, extension),
      kind: 'image',
    };
  } catch {
    throw refuse(422, field, MESSAGES.imageCorrupt);
  }
}

function checkDocument(
  field: string,
  data: Buffer,
  kind: 'pdf' | 'document',
  original?: string,
): CheckedFile {
  const type = sniff(data);
  const allowed = kind === 'pdf' ? type === 'pdf' : type === 'doc' || type === 'docx';
  if (!allowed || (type !== 'pdf' && type !== 'doc' && type !== 'docx')) {
    throw refuse(415, field, kind === 'pdf' ? MESSAGES.pdfOnly : MESSAGES.documentOnly);
  }
  return {
    field,
    data,
    contentType: CONTENT_TYPES[type],
    extension: type,
    fileName: safeFileName(original, type),
    kind,
  };
}

/** Checks one uploaded file against its rule; images come back re-encoded. */
export async function checkFile(
  field: string,
  data: Buffer,
  rule: FileRule,
  originalName?: string,
): Promise<CheckedFile> {
  if (data.length > rule.maxBytes) throw tooLargeError(field, rule);
  if (rule.kind === 'image') return checkImage(field, data, rule.fit ?? 1600, originalName);
  return checkDocument(field, data, rule.kind, originalName);
}
