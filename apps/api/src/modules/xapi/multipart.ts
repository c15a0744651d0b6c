import { randomBytes } from 'node:crypto';
import { badRequest } from './errors';

/** One part of a multipart/mixed body: its headers (lower-case names) and its bytes. */
export type Part = { headers: Record<string, string>; body: Buffer };

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart content type, or a 400. */
export function boundaryOf(contentType: string): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('multipart/mixed needs a boundary');
  return boundary;
}

/** Splits a multipart/mixed body (RFC 2046) into its parts. */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw badRequest('the multipart body has no part');
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') break;
    // Skip the rest of the delimiter line.
    const lineEnd = body.indexOf(CRLF, at);
    if (lineEnd < 0) throw badRequest('the multipart body is cut short');
    const start = lineEnd + 2;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), start - 2);
    if (next < 0) throw badRequest('the multipart body is not closed');
    const raw = body.subarray(start, next);
    const headerEnd = raw.indexOf(HEADER_END);
    const headerText = headerEnd < 0 ? raw.toString('utf8') : raw.subarray(0, headerEnd).toString('utf8');
    const content = headerEnd < 0 ? Buffer.alloc(0) : raw.subarray(headerEnd + 4);
    const headers: Record<string, string> = {};
    for (const line of headerText.split(/\r\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: content });
    at = next + 2;
  }
  return parts;
}

/** A multipart/mixed body of the given parts and its content type. */
export function buildMultipart(parts: Part[]): { contentType: string; body: Buffer } {
  const boundary = randomBytes(16).toString('hex');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), part.body, CRLF);
  }
  chunks.push(Buffer.from(`--${boundary}--`));
  return { contentType: `multipart/mixed; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
