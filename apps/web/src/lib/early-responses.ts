/**
 * A page's first API reads, started by a small script inline in index.html while the browser is
 * still fetching the app's scripts (decision 171), and handed to the API client when the page
 * asks for the same address with the same token. Each answer is taken once, and only shortly
 * after it was started: later asks go to the server.
 */

/** An early answer older than this is left unused (the page asks the server again). */
const FRESH_MS = 10_000;

interface EarlyRequests {
  token: string | null;
  startedAt: number;
  responses: Map<string, Promise<Response>>;
}

type EarlyWindow = { __academyEarly?: EarlyRequests };

/** The headers the API client sends with a read (lib/api.ts), so the answer is the same. */
function readHeaders(token: string | null): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return headers;
}

/** Starts GET requests of `urls` (API addresses from apiUrl) and keeps their answers for the page. */
export function startEarlyRequests(
  urls: readonly string[],
  token: string | null,
  target: EarlyWindow = globalThis as EarlyWindow,
  now = performance.now(),
): void {
  const responses = new Map<string, Promise<Response>>();
  for (const url of urls) {
    // Low priority: over HTTP/1.1's six connections, the app's stylesheet and scripts go first
    // (the page cannot draw without them); the reads take the connections those leave free.
    const response = fetch(url, { headers: readHeaders(token), priority: 'low' });
    // An answer nobody takes must not be reported as an unhandled failure.
    response.catch(() => {});
    responses.set(url, response);
  }
  target.__academyEarly = { token, startedAt: now, responses };
}

/** The early answer to a GET of `url` made with `token`, once; undefined when there is none. */
export function takeEarlyResponse(
  url: string,
  token: string | null,
  target: EarlyWindow = globalThis as EarlyWindow,
  now = performance.now(),
): Promise<Response> | undefined {
  const early = target.__academyEarly;
  if (!early || early.token !== token || now - early.startedAt > FRESH_MS) return undefined;
  const response = early.responses.get(url);
  early.responses.delete(url);
  return response;
}
