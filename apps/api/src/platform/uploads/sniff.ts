/** What a file is, judged by its first bytes (never by its name or declared type). */
export type SniffedType = 'jpeg' | 'png' | 'pdf' | 'doc' | 'docx' | 'zip' | 'unknown';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PDF = Buffer.from('%PDF-', 'latin1');

function startsWith(data: Buffer, signature: Buffer): boolean {
  return data.length >= signature.length && data.subarray(0, signature.length).equals(signature);
}

export function sniff(data: Buffer): SniffedType {
  if (startsWith(data, JPEG)) return 'jpeg';
  if (startsWith(data, PNG)) return 'png';
  // PDF readers accept the header anywhere in the first 1024 bytes.
  if (data.subarray(0, 1024).includes(PDF)) return 'pdf';
  // Legacy Word documents are OLE compound files.
  if (startsWith(data, CFB)) return 'doc';
  if (startsWith(data, ZIP)) {
    // A .docx is a zip whose entries include [Content_Types].xml and the word/ folder;
    // zip local headers carry entry names in plain text.
    const hasTypes = data.includes(Buffer.from('[Content_Types].xml', 'latin1'));
    const hasWord = data.includes(Buffer.from('word/', 'latin1'));
    return hasTypes && hasWord ? 'docx' : 'zip';
  }
  return 'unknown';
}
