import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/files';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { registerWebApp } from './web';

/**
 * The wire: the built web app's files go out compressed (brotli or gzip, made once at build),
 * hashed assets are cached for a year and never revalidated, index.html and API answers are
 * revalidated, API answers above 1 KB are compressed on the fly, and a missing asset is a 404 —
 * never the HTML page.
 */

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
let app: FastifyInstance;
let database: TestDatabase;
let webDist: string;

beforeAll(async () => {
  webDist = await tempDataDir();
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Academy</title></head><body><div id="root"></div></body></html>',
  );
  const asset = path.join(webDist, 'assets', 'index-Ab12Cd34.js');
  await fs.writeFile(asset, SCRIPT);
  await fs.writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await fs.writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  await fs.writeFile(path.join(webDist, 'manifest.webmanifest'), '{"name":"Skyline Academy"}');
  await fs.mkdir(path.join(webDist, '.vite'));
  await fs.writeFile(
    path.join(webDist, '.vite', 'page-routes.json'),
    JSON.stringify([
      '/',
      '/account/*',
      '/management',
      '/management/user/:id',
      '/training-academy/course/:id',
    ]),
  );
  await fs.writeFile(
    path.join(webDist, '.vite', 'page-preloads.json'),
    JSON.stringify({
      '/': { scripts: ['/assets/HomePage-A1.js'], styles: ['/assets/HomePage-A1.css'], fetches: [] },
      '/training-academy/course/:id': {
        scripts: ['/assets/CoursePage-B2.js', '/assets/overlays-C3.js'],
        styles: [],
        fetches: ['/assets/en-D4.json'],
      },
    }),
  );
  await fs.writeFile(`${asset}.map`, '{"version":3,"sources":["../src/main.tsx"],"mappings":""}');
  database = await createTestDatabase({ seed: true });
  app = await buildApp({ config: testConfig({ DATA_DIR: await tempDataDir() }), database, webDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the built web app on the wire', () => {
  it('serves a hashed asset for a year, immutable, in the encoding the browser prefers', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a missing asset with 404, not with the page', async () => {
    for (const url of [
      '/assets/index-Missing1.js',
      '/assets/style-Nope.css',
      '/no-such-file.js',
      '/logo.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('serves the page for app paths, revalidated with an ETag', async () => {
    const first = await get('/training-academy/course/1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/training-academy/course/1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it("answers a path that is none of the app's pages with the page and status 404", async () => {
    for (const url of ['/no/such/page', '/training-academy/course', '/management/user/1/more', '/news-x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of [
      '/training-academy/course/7',
      '/Training-Academy/course/7/',
      '/account/password?next=1',
      '/account',
      '/management',
      '/management/user/12',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("names a page's chunk, styles and string catalogue in a Link header to preload", async () => {
    expect((await get('/')).headers.link).toBe(
      '</assets/HomePage-A1.js>; rel=modulepreload, </assets/HomePage-A1.css>; rel=preload; as=style; crossorigin',
    );
    expect((await get('/training-academy/course/7?x=1')).headers.link).toBe(
      '</assets/CoursePage-B2.js>; rel=modulepreload, </assets/overlays-C3.js>; rel=modulepreload, ' +
        '</assets/en-D4.json>; rel=preload; as=fetch; crossorigin',
    );
    expect((await get('/account')).headers.link).toBeUndefined();
    expect((await get('/no/such/page')).headers.link).toBeUndefined();
  });

  it('keeps the build list of pages out of reach', async () => {
    expect((await get('/.vite/page-routes.json')).statusCode).toBe(404);
    expect((await get('/.vite/page-preloads.json')).statusCode).toBe(404);
  });

  it('serves the web app manifest with its type', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });
});

describe('API answers on the wire', () => {
  it('compresses answers above 1 KB with brotli or gzip, and leaves small ones alone', async () => {
    const big = await get('/services/core/api/searchnews?size=50', { 'accept-encoding': 'br' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(big.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(Array.isArray(JSON.parse(body))).toBe(true);

    const gz = await get('/services/core/api/searchnews?size=50', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(body));

    const small = await get('/services/core/api/config', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('metrics on the wire', () => {
  it('keeps the request series bounded: files in one bucket, unknown URLs in another', async () => {
    for (let i = 0; i < 30; i++) {
      await get('/assets/index-Ab12Cd34.js');
      await get(`/assets/missing-${i}.js`);
      await get(`/no/such/page/${i}`);
      await get(`/services/core/api/no-such-call-${i}`);
    }
    await get('/manifest.webmanifest');
    const text = (await get('/metrics')).body;
    const routes = new Set(
      [...text.matchAll(/academy_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/g)].map(
        (m) => m[1],
      ),
    );
    expect(routes).toContain('static');
    expect(routes).toContain('unmatched');
    expect(
      [...routes].filter((r) => r?.includes('assets') || r?.includes('no-such') || r?.includes('/no/')),
    ).toEqual([]);
    expect(routes.size).toBeLessThan(10);
  });
});

describe('source maps (SOURCEMAP)', () => {
  it('are never served by default: /assets/*.map is a 404', async () => {
    for (const url of [
      '/assets/index-Ab12Cd34.js.map',
      '/assets/INDEX-Ab12Cd34.js.MAP',
      '/assets/missing.js.map',
    ]) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('sources');
    }
  });

  it('are served with SOURCEMAP=public', async () => {
    const open = Fastify();
    await registerWebApp(open, webDist, { publicSourceMaps: true });
    const res = await open.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.map' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 3 });
    await open.close();
  });
});
