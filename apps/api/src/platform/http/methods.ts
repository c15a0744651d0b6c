import type { RouteAccessEntry } from './access';

const compiled = new Map<string, RegExp>();

/** A route pattern (`/users/:id`, `/files/*`) as a regular expression over a concrete path (made once). */
function patternRegex(pattern: string): RegExp {
  const known = compiled.get(pattern);
  if (known) return known;
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return '[^/]+';
      if (part === '*') return '.*';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const regex = new RegExp(`^${source}/?$`);
  compiled.set(pattern, regex);
  return regex;
}

/**
 * The methods the routes answer for `path`, from the route table; for a request whose path is
 * known but whose method is not (405 with `Allow`). HEAD comes with GET.
 */
export function allowedMethods(table: RouteAccessEntry[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of table) {
    if (route.method === 'OPTIONS' || !patternRegex(route.url).test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods].sort();
}
