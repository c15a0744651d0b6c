import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

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

/** Serves the built web app with long-lived caching for hashed assets and an index.html fallback. */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PATHS.some((p) => url.startsWith(p));
    if (webDist && request.method === 'GET' && !isServerPath) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
  });
}
