import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '../src/platform/storage/s3';
import { tempDataDir } from './files';

/**
 * A real S3-compatible server for one test file: s3rver (npm, files in a temporary folder) on a
 * free port, reached through a small TCP proxy the test can turn off (connections refused, as
 * when the endpoint is down) or cut after a number of bytes (the server dying mid-upload).
 */
export type LocalS3 = {
  /** What the app is configured with (S3_* settings), pointing at the proxy. */
  env: Record<string, string>;
  bucket: string;
  /** Every key in the bucket, read straight from the server (not through the proxy). */
  keys: (prefix?: string) => Promise<string[]>;
  /** Makes an object look `ms` older than it is (its Last-Modified), as time passing would. */
  age: (key: string, ms: number) => Promise<void>;
  /** `up`: pass everything; `down`: refuse every connection; a number: cut after that many bytes sent. */
  mode: (mode: 'up' | 'down' | number) => void;
  close: () => Promise<void>;
};

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startLocalS3(bucket = 'academy-test'): Promise<LocalS3> {
  const directory = path.join(await tempDataDir(), 's3');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();

  let mode: 'up' | 'down' | number = 'up';
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    if (mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      if (mode === 'down') return end();
      if (typeof mode === 'number') {
        sent += chunk.length;
        if (sent > mode) return end();
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as net.AddressInfo).port;

  const direct = new S3Storage({
    kind: 's3',
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    ...CREDENTIALS,
  });
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${proxyPort}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    keys: async (prefix = '') => {
      const keys = [];
      for await (const file of direct.list(prefix)) keys.push(file.key);
      return keys.sort();
    },
    age: async (key, ms) => {
      const when = new Date(Date.now() - ms);
      await fs.utimes(path.join(directory, bucket, `${key}._S3rver_object`), when, when);
    },
    mode: (next) => {
      mode = next;
      sent = 0;
      if (next === 'down') for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.close();
    },
  };
}
