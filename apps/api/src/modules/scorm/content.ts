import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { ApiError, errorBody } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { RUNTIME_SCRIPT } from './runtime-script';
import type { ScormService } from './service';

/** scorm-again's browser bundle (1.2 and 2004 data models), read once from the package. */
function scormAgainBundle(): Buffer {
  const main = createRequire(import.meta.url).resolve('scorm-again');
  return readFileSync(path.join(path.dirname(main), 'scorm-again.min.js'));
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function runtimePage(academyOrigin: string): string {
  return `<!doctype html>
<html lang="en" data-academy="${escapeAttr(academyOrigin)}">
<head><meta charset="utf-8"><title>Lesson</title>
<link rel="stylesheet" href="/runtime/player.css">
<script src="/runtime/scorm-again.js" defer></script>
<script src="/runtime/player.js" defer></script>
</head>
<body><iframe id="sco" title="Lesson content" allow="fullscreen; autoplay"></iframe></body>
</html>`;
}

const PLAYER_CSS =
  'html,body{margin:0;height:100%;background:#fff;font:16px system-ui,sans-serif}' +
  'iframe{display:block;border:0;width:100%;height:100%}.error{padding:24px;color:#b42318}';

/**
 * Content Security Policy of the content origin (decision 110). The runtime page runs only our
 * scripts and may be framed by the academy only; package files run whatever the package brings
 * (authoring tools inline and eval their scripts) but may be framed only by the runtime page
 * inside the academy page, send nothing to other origins but what they load, and never learn the
 * credential through a Referer.
 */
function runtimeCsp(academy: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "frame-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${academy}`,
  ].join('; ');
}

export function packageCsp(content: string, academy: string, alsoAllowed = ''): string {
  return [
    `default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob: https:${alsoAllowed ? ` ${alsoAllowed}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${content} ${academy}`,
  ].join('; ');
}

export function commonHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'no-store');
}

/**
 * The content origin (decision 110): a second, small server in the same process, on its own port
 * (CONTENT_PORT) and origin (CONTENT_ORIGIN), that serves SCORM packages and their runtime and
 * nothing else — no API, no sign-in, no cookies. Every package URL carries a launch credential in
 * its path (so a package's relative links keep it), checked on every request.
 */
export async function buildContentApp(
  config: Config,
  storage: Storage,
  scorm: ScormService,
  logger: FastifyInstance['log'],
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger.child({ origin: 'content' }),
    bodyLimit: 4 * 1024 * 1024,
    // The launch credential is one path segment of about 150 characters.
    routerOptions: { maxParamLength: 400 },
  });
  const academy = new URL(config.publicUrl).origin;
  const content = config.content.origin;
  let bundle: Buffer | undefined;

  app.setErrorHandler((err, _request, reply) => {
    const status =
      err instanceof ApiError ? err.status : ((err as { statusCode?: number }).statusCode ?? 500);
    if (status >= 500) app.log.error({ err }, 'content origin error');
    const message = err instanceof ApiError ? err.message : status >= 500 ? 'System error' : 'Bad request';
    commonHeaders(reply).code(status).send(errorBody(status, message));
  });
  app.setNotFoundHandler((_request, reply) => {
    commonHeaders(reply).code(404).send(errorBody(404, 'Not found'));
  });
  // The beacon sends its JSON as text/plain (a beacon cannot ask for more).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError(400, 'The commit is not JSON'));
    }
  });

  app.get('/runtime/scorm-again.js', async (_request, reply) => {
    bundle ??= scormAgainBundle();
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(bundle);
  });
  app.get('/runtime/player.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(RUNTIME_SCRIPT),
  );
  app.get('/runtime/player.css', async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(PLAYER_CSS),
  );

  app.get<{ Params: { token: string } }>('/scorm/:token/', async (request, reply) => {
    await scorm.verify(request.params.token, new Date());
    return commonHeaders(reply)
      .header('content-security-policy', runtimeCsp(academy))
      .header('content-type', 'text/html; charset=utf-8')
      .send(runtimePage(academy));
  });

  app.get<{ Params: { token: string } }>('/scorm/:token/state', async (request, reply) => {
    const claims = await scorm.verify(request.params.token, new Date());
    return commonHeaders(reply).send(await scorm.runtimeState(claims));
  });

  app.post<{ Params: { token: string } }>('/scorm/:token/commit', async (request, reply) => {
    const claims = await scorm.verify(request.params.token, new Date());
    await scorm.commit(claims, request.body, new Date());
    return commonHeaders(reply).send({ result: 'true', errorCode: 0 });
  });

  app.get<{ Params: { token: string; '*': string } }>('/scorm/:token/f/*', async (request, reply) => {
    const claims = await scorm.verify(request.params.token, new Date());
    const key = await scorm.fileKey(claims, request.params['*']);
    const file = key ? await storage.get(key) : null;
    if (!file) return commonHeaders(reply).code(404).send(errorBody(404, 'Not found'));
    return commonHeaders(reply)
      .header('content-security-policy', packageCsp(content, academy))
      .header('content-type', file.info.contentType)
      .header('content-length', file.info.size)
      .send(file.stream);
  });

  return app;
}
