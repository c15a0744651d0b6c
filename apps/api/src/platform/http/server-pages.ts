import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COLOR_SCHEME_KEY, PAGE_TOKEN_COOKIE } from '@academy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadPageFiles } from './page-routes';

/**
 * Study pages drawn on the server (decision 195): the HTML of a course page and of a topic with its
 * lesson arrives with the learner's content in it, drawn by the web app's own server entry
 * (apps/web/src/render.tsx) from reads made through this API's handlers with the learner's token.
 * The browser shows it at once and the app takes it over when its scripts have run. The page's head
 * goes out before the drawing starts (decision 197). Without the page cookie the page is the app's
 * plain HTML; with a token the API refuses, or when anything fails, its `#root` stays empty and the
 * browser draws it, as on any other page.
 */

/** My courses, a course page and a topic page (the lesson is its `?lesson=`). */
export const DRAWN_PAGE_ROUTES = [
  '/training-academy',
  '/training-academy/course/:id',
  '/training-academy/course/:id/topic/:idThematic',
];
const DRAWN_PAGES = /^\/training-academy(?:\/course\/\d+(?:\/topic\/\d+)?)?\/?$/;
/**
 * A page not drawn within this long ends with an empty `#root` and the browser draws it as on any
 * other page (from the same reads: a busy server is not faster for it). A safety net for a read
 * that hangs.
 */
const RENDER_TIMEOUT_MS = 5_000;
const TOKEN = /^[A-Za-z0-9._~+/=-]{1,4096}$/;

/**
 * Sets the colour scheme before the first paint, as the app would on its first render: the user's
 * choice in this browser, else the system's (its hash is in the Content-Security-Policy).
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_KEY)});var c=s==='light'||s==='dark'?s:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-mantine-color-scheme',c)}catch(e){}`;

/**
 * Starts the app's entry once the drawn page has been painted (a frame, then a task): run as the
 * parser ends, as its module script would, the app's modules held the first paint back by about
 * 100 ms. At once when nothing was drawn (the app draws the page) or the tab is hidden (a hidden
 * tab runs no animation frames until it is shown). The entry's address is in the page's
 * `academy-entry` meta (its hash in the CSP).
 */
export const START_AFTER_PAINT_SCRIPT = `(function(){function s(){var e=document.querySelector('meta[name="academy-entry"]');var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=e.content;document.head.appendChild(m)}var r=document.getElementById('root');if(document.hidden||!r||!r.hasChildNodes())s();else requestAnimationFrame(function(){setTimeout(s)})})()`;

/** index.html's module script (Vite writes one, the entry), to be started after the first paint. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const ROOT = '<div id="root"></div>';

type RenderRequest = {
  url: string;
  token: string | null;
  call: (url: string, init: RequestInit) => Promise<Response>;
};
type RenderModule = {
  renderPage: (request: RenderRequest) => Promise<{ html: string } | null>;
};

/**
 * A study page in two parts (decision 197): its head, sent at once so that the browser commits the
 * page and fetches and reads its styles while the server draws, and the rest, drawn when asked:
 * the content and the end of the document, or the end with an empty `#root` when the page could not
 * be drawn (the app draws it then, as on any other page). `rest` never fails. `tail` is the end of
 * the document alone, for an answer that is not drawn (a HEAD request).
 */
export type DrawnPage = { head: string; rest: () => Promise<string>; tail: string };

/** A study page for a request with the page cookie, or undefined when the page goes plain. */
export type ServerPages = (request: FastifyRequest, urlPath: string) => DrawnPage | undefined;

function pageToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== PAGE_TOKEN_COOKIE.name) continue;
    const token = value.join('=');
    return TOKEN.test(token) ? token : undefined;
  }
  return undefined;
}

/** An API request answered by the API's own handlers, as the browser's fetch would get it. */
function apiCall(app: FastifyInstance, request: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const userAgent = request.headers['user-agent'];
    if (userAgent) headers['user-agent'] = userAgent;
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) out.append(name, String(item));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: out });
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The page around its content: the template's entry script becomes a preload and a meta that the
 * start script reads after the first paint; the colour scheme and the page's styles go in the head.
 */
function pageFrame(template: string, styles: string[]): { head: string; tail: string } | undefined {
  const links = styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  const head = [`<script>${COLOR_SCHEME_SCRIPT}</script>`, ...links].join('\n    ');
  // Functions, not strings: `$&` and the like stay text.
  const page = template
    .replace(
      ENTRY_SCRIPT,
      (_script, src: string) =>
        // Fetched and compiled as before, beside the page; only its start waits for the paint.
        `<link rel="modulepreload" crossorigin href="${src}">\n    <meta name="academy-entry" content="${src}">`,
    )
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('</body>', () => `  <script>${START_AFTER_PAINT_SCRIPT}</script>\n  </body>`);
  const at = page.indexOf(ROOT);
  if (at < 0) return undefined;
  return { head: `${page.slice(0, at)}<div id="root">`, tail: `</div>${page.slice(at + ROOT.length)}` };
}

/**
 * The server's study pages for a built web app, or a function that draws nothing when the build
 * has no server entry (apps/web/dist-server/render.js, written beside dist/ by the web build).
 */
export function loadServerPages(app: FastifyInstance, webDist: string): ServerPages {
  const entry = path.join(webDist, '..', 'dist-server', 'render.js');
  if (!fs.existsSync(entry)) return () => undefined;
  const filesOf = loadPageFiles(webDist);
  // Loaded with the first page it draws: a server that draws none never holds the web app.
  let renderer: Promise<RenderModule> | undefined;
  let template: string | undefined;

  async function content(request: FastifyRequest, token: string): Promise<string> {
    try {
      renderer ??= (import(pathToFileURL(entry).href) as Promise<RenderModule>).catch((error: unknown) => {
        // Tried again with the next page: a failed load is not kept for the life of the process.
        renderer = undefined;
        throw error;
      });
      const { renderPage } = await renderer;
      const url = new URL(request.url, 'http://academy.invalid').href;
      const page = await withTimeout(
        renderPage({ url, token, call: apiCall(app, request) }),
        RENDER_TIMEOUT_MS,
      );
      return page?.html ?? '';
    } catch (error) {
      request.log.warn({ err: error }, 'a study page could not be drawn on the server; the browser draws it');
      return '';
    }
  }

  return (request, urlPath) => {
    if (!DRAWN_PAGES.test(urlPath)) return undefined;
    const token = pageToken(request);
    if (!token) return undefined;
    let frame: ReturnType<typeof pageFrame>;
    try {
      template ??= fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
      frame = pageFrame(template, filesOf(urlPath)?.styles ?? []);
    } catch (error) {
      request.log.warn({ err: error }, 'the study page frame could not be made; sent plain');
      return undefined;
    }
    if (!frame) return undefined;
    const { head, tail } = frame;
    return {
      head,
      rest: () => content(request, token).then((html) => html + tail),
      tail,
    };
  };
}
