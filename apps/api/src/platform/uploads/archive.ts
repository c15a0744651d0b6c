import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

/**
 * Zip archives that we unpack on the server (Office Open XML uploads: Word forms, Excel sheets),
 * read with hard limits so that a zip bomb, an archive that lies about its sizes, an encrypted,
 * zip64 or truncated one is refused in milliseconds with bounded memory, before any parser sees it.
 */

const inflate = promisify(inflateRaw);

export type ArchiveLimits = {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Bytes of all entries once unpacked. */
  maxUnpackedBytes: number;
};

/** Why an archive was refused; the caller turns it into its own user-facing message. */
export class ArchiveRefused extends Error {
  constructor(
    readonly reason: 'damaged' | 'too large',
    detail: string,
  ) {
    super(detail);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

type Entry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

const damaged = (detail: string) => new ArchiveRefused('damaged', detail);

function findEndOfCentralDirectory(data: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= earliest; i -= 1) {
    if (data.readUInt32LE(i) === EOCD) return i;
  }
  throw damaged('no end of central directory');
}

/** The entries listed in the central directory, checked against the file's bounds. */
function centralDirectory(data: Buffer, limits: ArchiveLimits): Entry[] {
  if (data.length < 22) throw damaged('too short');
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const offset = data.readUInt32LE(end + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) throw damaged('zip64');
  if (count > limits.maxEntries) throw new ArchiveRefused('too large', 'too many entries');
  if (offset + size > end) throw damaged('central directory out of bounds');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || data.readUInt32LE(at) !== CENTRAL) throw damaged('bad central entry');
    const flags = data.readUInt16LE(at + 8);
    if (flags & 0x1) throw damaged('encrypted');
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const entry: Entry = {
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (
      entry.compressedSize === ZIP64_MARK ||
      entry.size === ZIP64_MARK ||
      entry.localOffset === ZIP64_MARK
    ) {
      throw damaged('zip64 entry');
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of one entry, found through its local header. */
function entryData(data: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw damaged('bad local header');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw damaged('entry out of bounds');
  return data.subarray(start, stop);
}

/**
 * Unpacks every entry within `limits`: the declared sizes must fit the budget and each entry must
 * inflate to exactly its declared size (inflating stops one byte past it, so a lying entry costs at
 * most its declared size). Returns the entries `keep` asks for, by name.
 */
export async function unpackArchive(
  data: Buffer,
  limits: ArchiveLimits,
  keep: (name: string) => boolean = () => false,
): Promise<Map<string, Buffer>> {
  const entries = centralDirectory(data, limits);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnpackedBytes) throw new ArchiveRefused('too large', 'expands too much');
  const kept = new Map<string, Buffer>();
  for (const entry of entries) {
    const packed = entryData(data, entry);
    let unpacked: Buffer;
    if (entry.method === 0) unpacked = packed;
    else if (entry.method === 8) {
      try {
        unpacked = await inflate(packed, { maxOutputLength: entry.size + 1 });
      } catch {
        throw damaged('entry does not inflate within its size');
      }
    } else throw damaged('unsupported compression');
    if (unpacked.length !== entry.size) throw damaged('size mismatch');
    if (keep(entry.name)) kept.set(entry.name, unpacked);
  }
  return kept;
}
