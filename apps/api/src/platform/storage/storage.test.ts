import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, tempDataDir } from '../../../test/files';
import { registerErrorHandling } from '../http/errors';
import { LocalStorage } from './local';
import { contentDisposition, parseRange, registerFileRoutes } from './serve';
import { fileKeyFromUrl, isValidFileKey, newFileKey, PRIVATE_FOLDERS } from './storage';

describe('local file storage and GET /files', () => {
  let app: FastifyInstance;
  let storage: LocalStorage;
  const bytes = Buffer.from('0123456789abcdefghij');
  const key = 'documents/2026/3f1e2d4c-0000-4000-8000-000000000001.pdf';

  beforeAll(async () => {
    storage = new LocalStorage(path.join(await tempDataDir(), 'files'));
    await storage.put(key, bytes, { contentType: 'application/pdf', fileName: 'Hồ sơ "final".pdf' });
    app = Fastify();
    registerErrorHandling(app);
    registerFileRoutes(app, storage);
    await app.ready();
  });
  afterAll(() => app.close());

  it('generates keys on the server and refuses anything that could leave the folder', () => {
    expect(newFileKey('avatars', 'png')).toMatch(/^avatars\/\d{4}\/[0-9a-f-]{36}\.png$/);
    for (const bad of [
      '../etc/passwd',
      'a/../b.png',
      '/abs.png',
      'x.meta.json',
      'UPPER.png',
      'a//b.png',
      'noext',
    ]) {
      expect(isValidFileKey(bad), bad).toBe(false);
    }
    expect(fileKeyFromUrl(`/files/${key}`)).toBe(key);
    expect(fileKeyFromUrl('https://elsewhere.example.com/files/x.png')).toBeUndefined();
  });

  it('writes through a temporary file and keeps the facts beside the bytes', async () => {
    const files = await listFiles(storage.root);
    expect(files).toEqual([key, `${key}.meta.json`]);
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.stat(key)).toMatchObject({ size: 20, contentType: 'application/pdf' });
  });

  it('serves the whole file with type, download name, validators and long caching', async () => {
    const res = await app.inject({ method: 'GET', url: `/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '20',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="H_ s_ _final_.pdf"; filename*=UTF-8''H%E1%BB%93%20s%C6%A1%20%22final%22.pdf`,
    });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await app.inject({
      method: 'GET',
      url: `/files/${key}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers byte ranges with 206, and 416 for a range past the end', async () => {
    const part = await app.inject({ method: 'GET', url: `/files/${key}`, headers: { range: 'bytes=5-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('56789');
    expect(part.headers['content-range']).toBe('bytes 5-9/20');
    expect(part.headers['content-length']).toBe('5');
    const tail = await app.inject({ method: 'GET', url: `/files/${key}`, headers: { range: 'bytes=-3' } });
    expect(tail.body).toBe('hij');
    const open = await app.inject({ method: 'GET', url: `/files/${key}`, headers: { range: 'bytes=18-' } });
    expect(open.body).toBe('ij');
    const past = await app.inject({ method: 'GET', url: `/files/${key}`, headers: { range: 'bytes=50-60' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */20');
    const stale = await app.inject({
      method: 'GET',
      url: `/files/${key}`,
      headers: { range: 'bytes=0-1', 'if-range': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toHaveLength(20);
  });

  it('answers 404 for unknown keys and for paths outside the store', async () => {
    for (const url of [
      '/files/documents/2026/missing.pdf',
      '/files/..%2F..%2Fetc%2Fpasswd',
      `/files/${key}.meta.json`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'This file does not exist' });
    }
  });

  it('never serves files of the private folders (documents, CVs, certificates, videos), even by their key', async () => {
    for (const folder of PRIVATE_FOLDERS) {
      const privateKey = `${folder}/2026/3f1e2d4c-0000-4000-8000-000000000002.pdf`;
      await storage.put(privateKey, bytes, { contentType: 'application/pdf', fileName: 'secret.pdf' });
      const res = await app.inject({ method: 'GET', url: `/files/${privateKey}` });
      expect(res.statusCode, folder).toBe(404);
      expect(res.body).not.toContain('0123456789');
      await storage.delete(privateKey);
    }
    // Keys without a folder (tus staging objects at the root of an S3 bucket) are never served.
    await storage.put('3f1e2d4c-0000-4000-8000-000000000003.info', bytes, { contentType: 'text/plain' });
    const root = await app.inject({ method: 'GET', url: '/files/3f1e2d4c-0000-4000-8000-000000000003.info' });
    expect(root.statusCode).toBe(404);
    await storage.delete('3f1e2d4c-0000-4000-8000-000000000003.info');
  });

  it('deletes the bytes and their facts', async () => {
    const other = newFileKey('tmp', 'png');
    await storage.put(other, Buffer.from('x'), { contentType: 'image/png' });
    await storage.delete(other);
    expect(await storage.exists(other)).toBe(false);
    await storage.delete(other);
    expect((await listFiles(storage.root)).filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('parses ranges the way RFC 9110 says', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBeNull();
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(contentDisposition('inline', 'a.png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
  });
});
