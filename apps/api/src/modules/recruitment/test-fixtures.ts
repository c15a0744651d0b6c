import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Test fixtures for recruitment uploads, made in memory. A zip writer that can deflate entries
 * and lie about their sizes, to build Word files that are zip bombs.
 */

export type ZipEntry = {
  name: string;
  data: Buffer;
  deflate?: boolean;
  /** The uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
};

export function zipWith(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const method = entry.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
);

/** A small, sound .docx (deflated like Word writes them). */
export function wordDocx(text = 'Application form'): Buffer {
  return zipWith([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    {
      name: 'word/document.xml',
      data: Buffer.from(`<?xml version="1.0"?><w:document><w:body><w:p>${text}</w:p></w:body></w:document>`),
      deflate: true,
    },
  ]);
}

/** A .docx whose document expands to `megabytes` MB of zeros (honest headers). */
export function zipBombDocx(megabytes = 60): Buffer {
  return zipWith([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    { name: 'word/document.xml', data: Buffer.alloc(megabytes * 1024 * 1024), deflate: true },
  ]);
}

/** A .docx whose document claims 1 KB but expands to `megabytes` MB. */
export function lyingZipBombDocx(megabytes = 60): Buffer {
  return zipWith([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    {
      name: 'word/document.xml',
      data: Buffer.alloc(megabytes * 1024 * 1024),
      deflate: true,
      declaredSize: 1024,
    },
  ]);
}

/** A legacy .doc: compound-file signature and a WordDocument stream name. */
export function wordDoc(): Buffer {
  const data = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(data);
  Buffer.from('WordDocument', 'utf16le').copy(data, 1024);
  return data;
}
