import fs from 'node:fs';
import path from 'node:path';

/** Whether a URL path is one of the web app's pages. */
export type PageMatcher = (urlPath: string) => boolean;

function escapeRegExp(text: string): string {
  return text.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}

/**
 * A react-router path pattern as a regular expression: `:name` one segment, `:name?` an optional
 * one, a trailing `*` anything below. Matching ignores a trailing slash and letter case, as the
 * router does.
 */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  let source = '';
  for (const segment of segments) {
    if (segment === '*') source += '(?:/.*)?';
    else if (segment.startsWith(':')) source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source}/?$`, 'i');
}

export function pageMatcher(patterns: readonly string[]): PageMatcher {
  const expressions = patterns.map(patternRegExp);
  return (urlPath) => {
    const decoded = urlPath === '' ? '/' : urlPath;
    return expressions.some((expression) => expression.test(decoded));
  };
}

/**
 * The page patterns the web build wrote from its route table (apps/web/scripts/page-routes.mjs).
 * A build without the list (older than it) treats every path as a page, as before.
 */
export function loadPageMatcher(webDist: string): PageMatcher {
  const file = path.join(webDist, '.vite', 'page-routes.json');
  if (!fs.existsSync(file)) return () => true;
  const patterns: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string'))
    throw new Error(`${file} is not a list of path patterns`);
  return pageMatcher(patterns);
}

/** What a page fetches beyond the first load (apps/web/scripts/page-routes.mjs, page-preloads.json). */
export type PagePreload = { scripts: string[]; styles: string[]; fetches: string[] };

/** The `Link` header value for a page path, or undefined. */
export type PagePreloads = (urlPath: string) => string | undefined;

function linkValue(preload: PagePreload): string | undefined {
  const links = [
    ...preload.scripts.map((href) => `<${href}>; rel=modulepreload`),
    // Vite's loader adds stylesheets with crossorigin: the preload must be made the same way.
    ...preload.styles.map((href) => `<${href}>; rel=preload; as=style; crossorigin`),
    // fetch() of our own origin is a CORS request with credentials: the preload must be one too.
    ...preload.fetches.map((href) => `<${href}>; rel=preload; as=fetch; crossorigin`),
  ];
  return links.length > 0 ? links.join(', ') : undefined;
}

/** What the web build wrote for each page pattern (page-preloads.json), found by a page path. */
export function loadPageFiles(webDist: string): (urlPath: string) => PagePreload | undefined {
  const file = path.join(webDist, '.vite', 'page-preloads.json');
  if (!fs.existsSync(file)) return () => undefined;
  const byPattern = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, PagePreload>;
  const entries = Object.entries(byPattern).map(
    ([pattern, preload]) => [patternRegExp(pattern), preload] as const,
  );
  return (urlPath) => {
    const decoded = urlPath === '' ? '/' : urlPath;
    return entries.find(([expression]) => expression.test(decoded))?.[1];
  };
}

/**
 * The preloads the web build wrote for each page pattern (decision 133): the server names them in
 * the page's `Link` header, so the browser fetches the page's chunk, its styles and the string
 * catalogue beside the entry script instead of after it has run. No file, no header.
 */
export function loadPagePreloads(webDist: string): PagePreloads {
  const filesOf = loadPageFiles(webDist);
  const links = new Map<PagePreload, string | undefined>();
  return (urlPath) => {
    const preload = filesOf(urlPath);
    if (!preload) return undefined;
    if (!links.has(preload)) links.set(preload, linkValue(preload));
    return links.get(preload);
  };
}
