import http from 'node:http';
import { Readable } from 'node:stream';

/** A small tus 1.0 client for the lesson video uploads, over real HTTP. */

export const UPLOADS_PATH = '/services/core/api/uploads';

export type TusResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | Readable,
): Promise<TusResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      { method, headers: { 'tus-resumable': '1.0.0', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!body) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

/** `bytes` as a stream of `chunkBytes` pieces, `delayMs` apart (an upload over a slow link). */
export function slowStream(
  bytes: Buffer,
  chunkBytes: number,
  delayMs: number,
  onSent?: (sent: number) => void,
) {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += chunkBytes) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const chunk = bytes.subarray(at, at + chunkBytes);
        yield chunk;
        onSent?.(at + chunk.length);
      }
    })(),
  );
}

export function tusClient(base: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  return {
    /** Starts an upload; the Location header is its URL. */
    create: (size: number, fileName: string) =>
      send(base, 'POST', UPLOADS_PATH, {
        ...auth,
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
      }),
    /** HEAD: how many bytes the server has kept. */
    offset: async (url: string) => {
      const res = await send(base, 'HEAD', url, auth);
      return { status: res.status, offset: Number(res.headers['upload-offset'] ?? -1) };
    },
    patch: (url: string, offset: number, body: Buffer | Readable, length: number) =>
      send(
        base,
        'PATCH',
        url,
        {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(length),
        },
        body,
      ),
  };
}

/** The upload id at the end of an upload URL. */
export const uploadIdOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
