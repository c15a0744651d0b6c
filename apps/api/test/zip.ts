import { crc32, deflateRawSync } from 'node:zlib';

/**
 * The tests' zip writer, in memory: it can deflate entries and also write what a hostile archive
 * holds (links, paths outside the folder, sizes that lie: zip bombs). SCORM and cmi5 packages,
 * spreadsheets and Word documents of the tests are made with it; no binary file is committed.
 */

export type ZipItem = {
  name: string;
  data: Buffer | string;
  deflate?: boolean;
  /** zlib's level when deflating (0: stored blocks, as big as the data, written fast). */
  level?: number;
  /** Unix mode bits in the external attributes (0o120777: a symbolic link). */
  mode?: number;
  /** The uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
};

export function writeZip(items: ZipItem[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const data = Buffer.isBuffer(item.data) ? item.data : Buffer.from(item.data, 'utf8');
    const name = Buffer.from(item.name, 'utf8');
    const packed = item.deflate ? deflateRawSync(data, { level: item.level ?? 6 }) : data;
    const method = item.deflate ? 8 : 0;
    const size = item.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by Unix, so the mode bits count
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((item.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
