import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { writeZip } from './zip';

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

/** A minimal stored (uncompressed) zip archive. */
export function zipArchive(entries: Record<string, string>): Buffer {
  return writeZip(Object.entries(entries).map(([name, data]) => ({ name, data })));
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
