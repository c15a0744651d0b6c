import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { accessTokenFor } from '../../../test/tokens';

/**
 * The server's study pages (decision 195), with a stand-in for the web app's server entry that
 * draws whose page it is from users/info, asked through the API as the real entry asks its reads.
 * The real entry draws in the journeys (e2e/tests/server-pages.spec.ts).
 */

const INDEX =
  '<!doctype html><html><head><title>Academy</title><script type="module" crossorigin src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';
const RENDER_ENTRY = `
export async function renderPage({ url, token, call }) {
  globalThis.__draws = (globalThis.__draws ?? 0) + 1;
  globalThis.__atDraw?.();
  // As a draw on the embedded database does: the event loop held, nothing else runs meanwhile.
  if (new URL(url).searchParams.has('block')) for (const end = Date.now() + 200; Date.now() < end; );
  if (new URL(url).searchParams.has('gate')) await globalThis.__drawGate;
  const answer = await call('/services/core/api/users/info', { headers: { authorization: 'Bearer ' + token } });
  if (!answer.ok) return null;
  const me = await answer.json();
  if (new URL(url).searchParams.has('fail')) throw new Error('a component failed');
  const padding = new URL(url).searchParams.has('long') ? '<p>' + 'long text '.repeat(300) + '</p>' : '';
  return { html: '<p data-user="' + me.id + '">' + new URL(url).pathname + ' $& $1</p>' + padding };
}
`;

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  const build = await tempDataDir();
  const webDist = path.join(build, 'dist');
  await fs.mkdir(path.join(webDist, '.vite'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  await fs.writeFile(
    path.join(webDist, '.vite', 'page-routes.json'),
    JSON.stringify([
      '/',
      '/training-academy',
      '/training-academy/roadmap',
      '/training-academy/course/:id',
      '/training-academy/course/:id/topic/:idThematic',
    ]),
  );
  await fs.writeFile(
    path.join(webDist, '.vite', 'page-preloads.json'),
    JSON.stringify({
      '/training-academy/course/:id/topic/:idThematic': {
        scripts: ['/assets/TopicPage-A1.js'],
        styles: ['/assets/TopicPage-A1.css'],
        fetches: [],
      },
    }),
  );
  await fs.mkdir(path.join(build, 'dist-server'));
  await fs.writeFile(path.join(build, 'dist-server', 'render.js'), RENDER_ENTRY);
  t = await createTestApp({ webDist });
  app = t.app;
});
afterAll(async () => {
  // The tests' own HTTP connections (keep-alive, one left mid-answer) do not hold the close.
  app.server.closeAllConnections();
  await t.close();
});

let address: Promise<string> | undefined;
/** The app on a port of its own, for what only a real socket shows (what is written when). */
function listening(): Promise<string> {
  address ??= app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

const page = (url: string, token?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: token ? { cookie: `theme=x; academy_page_token=${token}` } : {},
  });

async function userIdOf(token: string): Promise<number> {
  const me = await app.inject({
    method: 'GET',
    url: '/services/core/api/users/info',
    headers: { authorization: `Bearer ${token}` },
  });
  return me.json<{ id: number }>().id;
}

describe('study pages drawn on the server', () => {
  it("sends a learner's topic page drawn for them, with its styles and the colour scheme set before paint", async () => {
    const token = await accessTokenFor(app, 'student');
    const response = await page('/training-academy/course/1/topic/1?lesson=1', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
    // The page's text as drawn, `$&` and all: never read as a replacement pattern.
    expect(response.body).toContain(
      `<div id="root"><p data-user="${await userIdOf(token)}">/training-academy/course/1/topic/1 $& $1</p></div>`,
    );
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/TopicPage-A1.css">');
    expect(response.body).toMatch(/<script>try\{var s=localStorage\.getItem\("academy\.color-scheme"\)/);
    expect(response.headers.link).toContain('</assets/TopicPage-A1.js>; rel=modulepreload');
  });

  it('sends the drawn page compressed in the encoding the browser prefers', async () => {
    const token = await accessTokenFor(app, 'student');
    const response = await app.inject({
      method: 'GET',
      url: '/training-academy/course/1?long',
      headers: { cookie: `academy_page_token=${token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root"><p data-user=');
  });

  it("allows the page's two inline scripts in its Content-Security-Policy and no other inline script", async () => {
    const response = await page('/training-academy/course/1', await accessTokenFor(app, 'student'));
    const scripts = [...response.body.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(2);
    const { createHash } = await import('node:crypto');
    const csp = String(response.headers['content-security-policy']);
    for (const script of scripts)
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain('unsafe-inline');
  });

  it('starts the app after the drawn page is painted, not as the parser ends', async () => {
    const response = await page('/training-academy/course/1', await accessTokenFor(app, 'student'));
    expect(response.body).not.toContain('<script type="module"');
    expect(response.body).toContain('<meta name="academy-entry" content="/assets/index-E1.js">');
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/index-E1.js">');
    expect(response.body).toContain('requestAnimationFrame(function(){setTimeout(s)})');
  });

  it('sends the head with its styles before the page is drawn, and the page once drawn', async () => {
    const token = await accessTokenFor(app, 'student');
    const address = await listening();
    for (const acceptEncoding of ['identity', 'br', 'gzip']) {
      let open = () => {};
      (globalThis as { __drawGate?: Promise<void> }).__drawGate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const response = await fetch(`${address}/training-academy/course/1/topic/1?gate`, {
        headers: { cookie: `academy_page_token=${token}`, 'accept-encoding': acceptEncoding },
      });
      expect(response.headers.get('content-encoding')).toBe(
        acceptEncoding === 'identity' ? null : acceptEncoding,
      );
      // fetch decompresses: what arrives before the gate opens is what the server flushed.
      const reader = (response.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      let early = '';
      while (!early.includes('<div id="root">')) {
        const { value, done } = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`no head before the drawing (${acceptEncoding})`)), 3000),
          ),
        ]);
        if (done) break;
        early += value;
      }
      expect(early).toContain('<link rel="stylesheet" crossorigin href="/assets/TopicPage-A1.css">');
      expect(early).not.toContain('data-user');
      open();
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += value;
      }
      expect(rest).toMatch(/^<p data-user="\d+">\/training-academy\/course\/1\/topic\/1/);
      expect(rest).toMatch(/<\/html>$/);
    }
  });

  it('has the head on the wire before a draw that holds the event loop starts', async () => {
    const token = await accessTokenFor(app, 'student');
    const address = await listening();
    const sockets = new Set<Socket>();
    const collect = (request: IncomingMessage) => sockets.add(request.socket);
    app.server.on('request', collect);
    let writtenAtDraw = -1;
    const globals = globalThis as { __atDraw?: () => void };
    globals.__atDraw = () => {
      writtenAtDraw = [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0);
    };
    try {
      const response = await fetch(`${address}/training-academy/course/1?block`, {
        headers: { cookie: `academy_page_token=${token}`, 'accept-encoding': 'br' },
        signal: AbortSignal.timeout(3000),
      });
      expect(await response.text()).toContain('<p data-user=');
      expect(writtenAtDraw).toBeGreaterThan(0);
    } finally {
      app.server.off('request', collect);
      globals.__atDraw = undefined;
    }
  });

  it('says the page differs by cookie and encoding, and leaves it uncompressed when asked to', async () => {
    const token = await accessTokenFor(app, 'student');
    const response = await app.inject({
      method: 'GET',
      url: '/training-academy/course/1?long',
      headers: { cookie: `academy_page_token=${token}`, 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(response.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<div id="root"><p data-user=');
  });

  it('draws nothing for a HEAD request', async () => {
    const token = await accessTokenFor(app, 'student');
    const globals = globalThis as { __draws?: number };
    const before = globals.__draws ?? 0;
    const response = await app.inject({
      method: 'HEAD',
      url: '/training-academy/course/1',
      headers: { cookie: `academy_page_token=${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
    expect(globals.__draws ?? 0).toBe(before);
  });

  it('keeps serving when a browser leaves in the middle of a draw', async () => {
    const token = await accessTokenFor(app, 'student');
    const address = await listening();
    let open = () => {};
    (globalThis as { __drawGate?: Promise<void> }).__drawGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const leaving = new AbortController();
    const response = await fetch(`${address}/training-academy/course/1?gate`, {
      headers: { cookie: `academy_page_token=${token}` },
      signal: leaving.signal,
    });
    await (response.body as ReadableStream<Uint8Array>).getReader().read();
    leaving.abort();
    open();
    const next = await page('/training-academy/course/1', token);
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<p data-user=');
  });

  it('draws each learner their own page when many are drawn at once', async () => {
    const learners = await Promise.all(
      ['student', 'E1009'].map(async (code) => {
        const token = await accessTokenFor(app, code);
        return { token, id: await userIdOf(token) };
      }),
    );
    const requests = Array.from({ length: 24 }, (_, i) => learners[i % 2] as (typeof learners)[number]);
    const pages = await Promise.all(
      requests.map((learner) => page('/training-academy/course/1', learner.token)),
    );
    pages.forEach((response, i) => {
      expect(response.body).toContain(`data-user="${requests[i]?.id}"`);
    });
  });

  it('sends the plain page without the cookie or with a cookie that is no token', async () => {
    for (const response of [
      await page('/training-academy/course/1'),
      await page('/training-academy/course/1', 'bad token;"<script>'),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    }
  });

  it('leaves the page for the browser to draw when the API refuses the token or drawing fails', async () => {
    for (const response of [
      await page('/training-academy/course/1', 'not-a-token'),
      await page(
        '/training-academy/course/1',
        await accessTokenFor(app, 'student', { expiresInSeconds: -60 }),
      ),
      await page('/training-academy/course/1?fail=1', await accessTokenFor(app, 'student')),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('data-user');
      // The app starts as on a drawn page and, finding nothing drawn, draws the page itself.
      expect(response.body).toContain('<meta name="academy-entry" content="/assets/index-E1.js">');
      expect(response.body).toContain('<script>(function(){function s(){');
      expect(response.body).toMatch(/<\/body>\s*<\/html>$/);
    }
  });

  it('draws only my courses, the course and the topic pages: other pages, even under the academy, are sent plain', async () => {
    const token = await accessTokenFor(app, 'student');
    expect((await page('/training-academy', token)).body).toContain('data-user');
    for (const url of ['/', '/training-academy/roadmap', '/training-academy/course/1/topic/1/x']) {
      const response = await page(url, token);
      expect(response.body).not.toContain('data-user');
    }
  });

  it('never takes the page cookie as a sign-in to the API', async () => {
    const token = await accessTokenFor(app, 'student');
    const me = await app.inject({
      method: 'GET',
      url: '/services/core/api/users/info',
      headers: { cookie: `academy_page_token=${token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});
