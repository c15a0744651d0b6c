import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { RECRUITMENT_MESSAGES } from '@academy/contract';
import { ApiError } from '../../platform/http/errors';
import type { CheckedFile } from '../../platform/uploads/checks';

const inflate = promisify(inflateRaw);

/** What a Word upload may unpack to: far more than any real form, far less than a zip bomb. */
export const WORD_ARCHIVE_LIMITS = {
  maxEntries: 1000,
  maxUnpackedBytes: 50 * 1024 * 1024,
} as const;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

class Damaged extends Error {}

type Entry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

function findEndOfCentralDirectory(data: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= earliest; i -= 1) {
    if (data.readUInt32LE(i) === EOCD) return i;
  }
  throw new Damaged('no end of central directory');
}

/** The entries listed in the central directory, checked against the file's bounds. */
function centralDirectory(data: Buffer): Entry[] {
  if (data.length < 22) throw new Damaged('too short');
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const offset = data.readUInt32LE(end + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) throw new Damaged('zip64');
  if (count > WORD_ARCHIVE_LIMITS.maxEntries) throw new Damaged('too many entries');
  if (offset + size > end) throw new Damaged('central directory out of bounds');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || data.readUInt32LE(at) !== CENTRAL) throw new Damaged('bad central entry');
    const flags = data.readUInt16LE(at + 8);
    if (flags & 0x1) throw new Damaged('encrypted');
    const entry: Entry = {
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
      name: '',
    };
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entry.name = data.toString('utf8', at + 46, at + 46 + nameLength);
    if (
      entry.compressedSize === ZIP64_MARK ||
      entry.size === ZIP64_MARK ||
      entry.localOffset === ZIP64_MARK
    ) {
      throw new Damaged('zip64 entry');
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of one entry, found through its local header. */
function entryData(data: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw new Damaged('bad local header');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw new Damaged('entry out of bounds');
  return data.subarray(start, stop);
}

/**
 * Unpacks every entry of an Office Open XML archive with a hard cap on the output, so an
 * archive whose entries expand beyond WORD_ARCHIVE_LIMITS (a zip bomb), lie about their
 * sizes, are encrypted, use zip64 or are truncated is refused. Nothing is kept.
 */
export async function inspectWordArchive(data: Buffer): Promise<void> {
  const entries = centralDirectory(data);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) {
    throw new Damaged('not a Word document');
  }
  let budget: number = WORD_ARCHIVE_LIMITS.maxUnpackedBytes;
  for (const entry of entries) {
    if (entry.size > budget) throw new Damaged('expands too much');
    const packed = entryData(data, entry);
    let unpacked: number;
    if (entry.method === 0) unpacked = packed.length;
    else if (entry.method === 8) {
      try {
        // One byte more than declared: an entry that expands further is lying about its size.
        unpacked = (await inflate(packed, { maxOutputLength: entry.size + 1 })).length;
      } catch {
        throw new Damaged('entry does not inflate within its size');
      }
    } else throw new Damaged('unsupported compression');
    if (unpacked !== entry.size) throw new Damaged('size mismatch');
    budget -= unpacked;
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
    if (err instanceof Damaged || err instanceof RangeError) throw refuse();
    throw err;
  }
}
