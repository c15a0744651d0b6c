/**
 * SPEC §4 "search-saving flag": the progress report's filters are kept while moving between the
 * progress pages (list, learner detail, login history) and forgotten once the path leaves them.
 * Held in memory only: a reload keeps them through the URL anyway.
 */
let saved = '';

export function isProgressPath(pathname: string): boolean {
  return pathname === '/management/progress' || pathname.startsWith('/management/progress/');
}

export function rememberProgressSearch(search: string): void {
  saved = search;
}

export function savedProgressSearch(): string {
  return saved;
}

/** Called on every navigation (Root): leaving the progress pages resets the saved filters. */
export function forgetProgressSearchOutside(pathname: string): void {
  if (!isProgressPath(pathname)) saved = '';
}
