import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { VIDEO_UPLOADS_PATH } from '@academy/contract';

/** A minimal tus 1.0 client over real HTTP, for tests and the benchmark. */

export type TusResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | NodeJS.ReadableStream,
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
            body: Buffer.concat(chunks).toString('utf8'),
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

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** `uploadsPath`: the videos' endpoint unless told (SCORM packages have their own). */
export function tusClient(base: string, token: string | undefined, uploadsPath: string = VIDEO_UPLOADS_PATH) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return {
    /** POST: starts an upload of `size` bytes; the Location header is the upload URL. */
    create: (size: number, fileName = 'lesson.mp4') =>
      request(base, 'POST', uploadsPath, {
        ...auth,
        'upload-length': String(size),
        'upload-metadata': metadata({ filename: fileName, filetype: 'video/mp4' }),
      }),
    offset: async (url: string) => {
      const res = await request(base, 'HEAD', url, auth);
      return { status: res.status, offset: Number(res.headers['upload-offset'] ?? -1) };
    },
    patch: (url: string, offset: number, body: Buffer | NodeJS.ReadableStream, length?: number) =>
      request(
        base,
        'PATCH',
        url,
        {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          ...(length !== undefined ? { 'content-length': String(length) } : {}),
        },
        body,
      ),
    /**
     * Sends `bytes` starting at `offset`, then drops the connection before the request ends
     * (a network cut): the server keeps what arrived.
     */
    patchAndCut: (url: string, offset: number, bytes: Buffer, totalLength: number) =>
      new Promise<void>((resolve) => {
        const req = http.request(new URL(url, base), {
          method: 'PATCH',
          headers: {
            ...auth,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(totalLength),
          },
        });
        req.on('error', () => resolve());
        req.write(bytes, () => {
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 300);
        });
      }),
    /** Uploads a whole file from disk in one streamed PATCH. */
    uploadFile: async (file: string, size: number, fileName?: string) => {
      const created = await request(base, 'POST', uploadsPath, {
        ...auth,
        'upload-length': String(size),
        'upload-metadata': metadata({ filename: fileName ?? 'lesson.mp4', filetype: 'video/mp4' }),
      });
      if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${created.body}`);
      const url = created.headers.location as string;
      const done = await request(
        base,
        'PATCH',
        url,
        {
          ...auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
        createReadStream(file),
      );
      return { url, id: url.slice(url.lastIndexOf('/') + 1), response: done };
    },
  };
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
