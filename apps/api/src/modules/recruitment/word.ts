import { RECRUITMENT_MESSAGES } from '@academy/contract';
import { ApiError } from '../../platform/http/errors';
import { ArchiveRefused, unpackArchive } from '../../platform/uploads/archive';
import type { CheckedFile } from '../../platform/uploads/checks';

/** What a Word upload may unpack to: far more than any real form, far less than a zip bomb. */
export const WORD_ARCHIVE_LIMITS = {
  maxEntries: 1000,
  maxUnpackedBytes: 50 * 1024 * 1024,
} as const;

/**
 * Unpacks every entry of an Office Open XML archive within WORD_ARCHIVE_LIMITS (platform/uploads/
 * archive.ts): a zip bomb, sizes that lie, encryption, zip64 or truncation are refused, and so is
 * an archive without a Word document in it. Nothing is kept.
 */
export async function inspectWordArchive(data: Buffer): Promise<void> {
  const names = new Set<string>();
  await unpackArchive(data, WORD_ARCHIVE_LIMITS, (name) => {
    names.add(name);
    return false;
  });
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) {
    throw new ArchiveRefused('damaged', 'not a Word document');
  }
}

const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/**
 * Extra checks for an uploaded Word file, beyond its signature: a .docx must be a sound archive
 * that unpacks within limits, a .doc a compound file with a Word stream.
 */
export async function assertWordDocument(file: CheckedFile): Promise<void> {
  const refuse = () =>
    new ApiError(422, RECRUITMENT_MESSAGES.documentDamaged, [
      { field: file.field, message: RECRUITMENT_MESSAGES.documentDamaged },
    ]);
  if (file.extension === 'doc') {
    if (!file.data.includes(utf16('WordDocument'))) throw refuse();
    return;
  }
  if (file.extension !== 'docx') throw refuse();
  try {
    await inspectWordArchive(file.data);
  } catch (err) {
    if (err instanceof ArchiveRefused || err instanceof RangeError) throw refuse();
    throw err;
  }
}
