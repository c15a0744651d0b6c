import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/** The id of the JSON script that carries a server-rendered page's queries (render.tsx). */
export const SERVER_STATE_ID = 'academy-state';

/**
 * Puts the queries a server-rendered page was drawn from into the browser's cache (decision 195),
 * before the router's loaders run: they find their data there and the first render draws what the
 * server drew.
 */
export function takeServerState(client: QueryClient): void {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return;
  try {
    hydrate(client, JSON.parse(script.textContent) as DehydratedState);
  } catch {
    // Unreadable state: the page's loaders fetch as on any other page.
  }
  script.remove();
}
