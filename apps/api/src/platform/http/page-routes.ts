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
