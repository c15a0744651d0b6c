import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { errorBody } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { contentHeaders, packageCsp } from '../scorm';
import type { Cmi5Service } from './service';

/** The return page's script: tells the academy page the AU is done (it posts to the academy only). */
const RETURN_SCRIPT = `(function () {
  var academy = document.documentElement.getAttribute('data-academy');
  if (window.parent !== window && academy) window.parent.postMessage({ type: 'cmi5:return' }, academy);
})();
`;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function returnPage(academy: string): string {
  return `<!doctype html>
<html lang="en" data-academy="${escapeAttr(academy)}">
<head><meta charset="utf-8"><title>Lesson finished</title>
<script src="/runtime/cmi5-return.js"></script></head>
<body style="font:16px system-ui,sans-serif;padding:24px">This part of the lesson is finished.</body>
</html>`;
}

const RETURN_CSP = (academy: string) =>
  ["default-src 'none'", "script-src 'self'", "style-src 'unsafe-inline'", `frame-ancestors ${academy}`].join(
    '; ',
  );

/** The fetch URL is called by AUs on other origins too (absolute AU URLs): CORS without credentials. */
function fetchHeaders(reply: FastifyReply): FastifyReply {
  return contentHeaders(reply)
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST')
    .header('access-control-allow-headers', 'Content-Type')
    .header('access-control-max-age', '600');
}

/**
 * cmi5 on the content origin (decision 110's server, decision 119): the AU's files under the
 * session's token (so its relative links keep it), the one-time fetch URL, and the return page
 * LMS.LaunchData names as returnURL. The AU's pages may call the LRS on the academy's origin.
 */
export function cmi5ContentRoutes(cmi5: Cmi5Service, config: Config, storage: Storage) {
  const academy = new URL(config.publicUrl).origin;
  const content = config.content.origin;
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/runtime/cmi5-return.js', async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(RETURN_SCRIPT),
    );

    app.get<{ Params: { token: string; '*': string } }>('/cmi5/:token/f/*', async (request, reply) => {
      const session = await cmi5.sessionByToken(request.params.token, new Date());
      const key = session ? await cmi5.fileKey(session, request.params['*']) : null;
      const file = key ? await storage.get(key) : null;
      if (!session)
        return contentHeaders(reply).code(401).send(errorBody(401, 'This launch link has expired'));
      if (!file) return contentHeaders(reply).code(404).send(errorBody(404, 'Not found'));
      return contentHeaders(reply)
        .header('content-security-policy', packageCsp(content, academy, academy))
        .header('content-type', file.info.contentType)
        .header('content-length', file.info.size)
        .send(file.stream);
    });

    app.get<{ Params: { token: string } }>('/cmi5/:token/return', async (request, reply) => {
      const session = await cmi5.sessionByToken(request.params.token, new Date());
      if (!session)
        return contentHeaders(reply).code(401).send(errorBody(401, 'This launch link has expired'));
      return contentHeaders(reply)
        .header('content-security-policy', RETURN_CSP(academy))
        .header('content-type', 'text/html; charset=utf-8')
        .send(returnPage(academy));
    });

    app.options('/cmi5/:token/fetch', async (_request, reply) => fetchHeaders(reply).code(204).send());
    // Any body (the AU posts nothing, or a form): read as text and ignored.
    app.post<{ Params: { token: string } }>(
      '/cmi5/:token/fetch',
      { bodyLimit: 64 * 1024 },
      async (request, reply) => {
        let answer: object;
        try {
          answer = await cmi5.fetchToken(request.params.token, new Date());
        } catch (err) {
          request.log.error({ err }, 'cmi5 fetch failed');
          answer = { 'error-code': '3', 'error-text': 'The academy could not answer; try again later' };
        }
        return fetchHeaders(reply).code(200).type('application/json; charset=utf-8').send(answer);
      },
    );
  };
}
