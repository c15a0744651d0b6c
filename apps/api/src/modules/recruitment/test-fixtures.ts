import { writeZip } from '../../../test/zip';

/** Test fixtures for recruitment uploads, made in memory: Word files, sound and zip bombs. */

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
);

/** A small, sound .docx (deflated like Word writes them). */
export function wordDocx(text = 'Application form'): Buffer {
  return writeZip([
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
  return writeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    { name: 'word/document.xml', data: Buffer.alloc(megabytes * 1024 * 1024), deflate: true },
  ]);
}

/** A .docx whose document claims 1 KB but expands to `megabytes` MB. */
export function lyingZipBombDocx(megabytes = 60): Buffer {
  return writeZip([
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
