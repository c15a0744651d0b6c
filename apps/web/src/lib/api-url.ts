/**
 * The API's address of a path and query, without the rest of the API client: the inline script
 * that starts a page's requests before the app has loaded (app/early-requests.ts) builds its
 * addresses with it too, so they are the very strings the app asks for later.
 */

export const API_PREFIX = '/services/core/api';

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

/** `/services/core/api/{path}?{query}` (path and search as the browser would normalize them). */
export function apiUrl(path: string, query?: Query): string {
  // Any origin: only the path and search of the result are used.
  const url = new URL(`${API_PREFIX}/${path.replace(/^\//, '')}`, 'http://localhost');
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') url.searchParams.append(key, String(item));
    }
  }
  return url.pathname + url.search;
}
