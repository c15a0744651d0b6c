import { Readable } from 'node:stream';

/** The lesson video uploads' tus client is the API tests' own (create, offset, patch, …). */
export { tusClient } from '../../apps/api/src/modules/media/test-support';

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

/** The upload id at the end of an upload URL. */
export const uploadIdOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
