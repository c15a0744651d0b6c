// A zip written as a stream, entry by entry, to a file: the SCORM bench's packages (issue 25). Stored
// entries (method 0: the bench's content is random, so deflating would not shrink it), UTF-8 names,
// no zip64 (under 4 GB and 65,535 entries). Only the central directory is kept in memory.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { crc32 } from 'node:zlib';

/**
 * Writes `entries` (an async iterable of { name, data: Buffer }) as a zip at `file`, waiting for
 * the disk between entries. Returns the file's size in bytes and the number of entries.
 */
export async function writeStoredZip(file, entries) {
  const out = createWriteStream(file);
  const centrals = [];
  let offset = 0;
  let count = 0;
  const write = async (buffer) => {
    offset += buffer.length;
    if (!out.write(buffer)) await once(out, 'drain');
  };
  for await (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    await write(local);
    await write(nameBytes);
    await write(data);
    count += 1;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(directory);
  await write(end);
  out.end();
  await once(out, 'close');
  return { bytes: offset, entries: count };
}

/** imsmanifest.xml of a SCORM 1.2 package of one SCO at `href`. */
export function manifest12(title, href) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bench" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
<metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
<organizations default="org"><organization identifier="org"><title>${title}</title>
<item identifier="sco1" identifierref="res1"><title>${title}</title></item></organization></organizations>
<resources><resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="${href}"><file href="${href}"/></resource></resources>
</manifest>`;
}
