import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** Upload fixtures made in memory: no binary files are committed. */

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 37, g: 26, b: 91, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A JPEG with EXIF (orientation 6 = rotate 90°) and a camera model, to prove both are handled. */
export async function jpegImage(width = 80, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 80, b: 0 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Model: 'SecretCam 3000' } })
    .toBuffer();
}

/** Random pixels compress badly, so this makes a real image of roughly `bytes` bytes. */
export async function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 16;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A valid 10000 × 10000 PNG (one colour, so it is small on disk). */
export async function hugePng(): Promise<Buffer> {
  return sharp({
    create: { width: 10_000, height: 10_000, channels: 3, background: { r: 1, g: 2, b: 3 } },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export function pdfDocument(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

/** A zip writer that can deflate entries and lie about their sizes (to build zip bombs). */
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

/** A minimal stored (uncompressed) zip archive. */
export function zipArchive(entries: Record<string, string>): Buffer {
  return zipWith(
    Object.entries(entries).map(([name, content]) => ({ name, data: Buffer.from(content, 'utf8') })),
  );
}

export function docxDocument(): Buffer {
  return zipArchive({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });
}

/** The first sector of an OLE compound file, as legacy .doc files start. */
export function docDocument(): Buffer {
  const data = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(data);
  return data;
}

/** A form for `app.inject({ payload })`: fields and files (name → [bytes, file name, type]). */
export function formData(
  fields: Record<string, string | string[]>,
  files: Record<string, [Buffer, string, string?]> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const [name, [data, fileName, type]] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(data)], { type: type ?? 'application/octet-stream' }),
      fileName,
    );
  }
  return form;
}

/** A fresh data directory for one test file. */
export async function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'academy-test-'));
}

/** Every file under `dir` (recursively), relative paths; [] when the folder does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
