import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { flushingCompressor } from './compression';
import { errorBody } from './errors';
import { allowedMethods } from './methods';
import { loadPageMatcher, loadPagePreloads } from './page-routes';
import { DRAWN_PAGE_ROUTES, type DrawnPage, loadServerPages } from './server-pages';

/** Paths that belong to the server; everything else is the single-page app. */
const SERVER_PATHS = ['/services/', '/idp', '/files/', '/media/', '/get/documents/', '/health', '/metrics'];

export function findWebDist(start = import.meta.dirname): string | undefined {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** A request for a file (a name with an extension, or anything under /assets/), not for a page. */
function isFilePath(url: string): boolean {
  return url.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(url);
}

/**
 * Writes a drawn page's head at once and its rest once drawn (decision 197). The drawing starts when
 * the head is on its way: on the embedded database a draw holds the event loop until it is done,
 * which would keep the head in the compressor. Nothing is drawn for a HEAD request or for a
 * browser that has gone.
 */
function sendInParts(request: FastifyRequest, reply: FastifyReply, stream: Writable, page: DrawnPage) {
  if (request.method === 'HEAD') {
    stream.end(page.head + page.tail);
    return;
  }
  const draw = () => {
    if (stream.destroyed || reply.raw.destroyed) return;
    // The head is handed to the socket with the headers, once the reply's hooks have run.
    if (!reply.raw.headersSent) return void setImmediate(draw);
    page.rest().then(
      (rest) => stream.end(rest),
      (error: unknown) => {
        request.log.error({ err: error }, 'a study page could not be finished');
        stream.destroy();
      },
    );
  };
  stream.write(page.head, () => setImmediate(draw));
}

/**
 * Serves the built web app: hashed assets cached for a year and never revalidated, other files
 * and the index.html fallback revalidated (ETag); each file in the browser's preferred encoding
 * from the `.br` / `.gz` copies made at build (apps/web/scripts/compress.mjs). A missing file is a
 * 404, never the page; so is a source map unless SOURCEMAP=public. A path that is none of the
 * app's pages (the patterns its build read from its route table) gets the page with status 404:
 * the app shows its not-found page, and crawlers and monitors see the 404. A page's HTML names
 * its chunk, styles and string catalogue in a `Link` header (preloads, decision 133). A learner's
 * courses, course and topic pages come drawn with their content (server-pages.ts, decision 195),
 * their head sent before the drawing (decision 197).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  options: { publicSourceMaps?: boolean } = {},
): Promise<void> {
  const isPage = webDist ? loadPageMatcher(webDist) : () => false;
  const preloadsOf = webDist ? loadPagePreloads(webDist) : () => undefined;
  const drawn = webDist ? loadServerPages(app, webDist) : () => undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Source maps give the app's source away: served only with SOURCEMAP=public (a 404 else).
      allowedPath: (pathName) => options.publicSourceMaps === true || !/\.map$/i.test(pathName),
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default (max-age=0) would override it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL is sent as brotli, gzip or plain: caches keep one copy per encoding.
        res.setHeader('vary', 'Accept-Encoding');
        if (filePath.endsWith('.webmanifest')) res.setHeader('content-type', 'application/manifest+json');
      },
    });
  }
  /** One of the app's pages: drawn for its learner (a study page with the page cookie) or plain. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, url: string) {
    reply.header('cache-control', 'no-cache');
    const link = preloadsOf(url);
    if (link) reply.header('link', link);
    const page = drawn(request, url);
    if (!page) return reply.sendFile('index.html');
    const { stream, encoding } = flushingCompressor(request.headers);
    if (encoding) reply.header('content-encoding', encoding);
    sendInParts(request, reply, stream, page);
    // The same address is drawn for its learner or sent plain, by the cookie: caches keep both apart.
    return reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(stream);
  }
  if (webDist) {
    // Routes of their own, not the not-found handler: routes' answers are compressed on the fly.
    for (const pattern of DRAWN_PAGE_ROUTES) {
      app.get(pattern, (request, reply) => sendPage(request, reply, request.url.split('?')[0] ?? '/'));
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PATHS.some((p) => url.startsWith(p));
    if (webDist && request.method === 'GET' && !isServerPath && !isFilePath(url)) {
      if (isPage(url)) return sendPage(request, reply, url);
      reply.header('cache-control', 'no-cache');
      const html = await fs.promises.readFile(path.join(webDist, 'index.html'), 'utf8');
      return reply.status(404).type('text/html; charset=utf-8').send(html);
    }
    const allowed = url.startsWith('/services/') ? allowedMethods(app.routeAccessTable, url) : [];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return reply.status(405).send(errorBody(405, `${request.method} is not allowed on ${url}`));
    }
    return reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
  });
}
