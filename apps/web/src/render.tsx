import { AsyncLocalStorage } from 'node:async_hooks';
import type { TCurrentUser } from '@academy/contract';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { CURRENT_USER_KEY, StaticAuthProvider, userMustChangePassword } from './app/auth/AuthProvider';
import { routes } from './app/routes';
import { SERVER_STATE_ID } from './app/server-state';
import type { LoadScope } from './app/start-data';
import { api, configureApiAuth, configureApiTransport } from './lib/api';
import { provideAllStrings } from './lib/i18n';
import en from './locales/en.json';

/**
 * The web app's server entry (decision 195): the API draws a study page's HTML with it, so that
 * the page's content shows before the app's scripts have run. The same routes, loaders and
 * components as in the browser; the reads go through the API's own handlers with the learner's
 * token, so permissions, gating and scope stay the API's.
 */

/** One page to draw: its URL, the learner's access token (none: a visitor) and how to call the API. */
export type RenderRequest = {
  url: string;
  token: string | null;
  /** Answers an API request (method, headers, body as `fetch` gives them) as the API would. */
  call: (url: string, init: RequestInit) => Promise<Response>;
};

/**
 * The page's `#root` content, ending with the queries it was drawn from (TanStack Query's
 * dehydrated state) in a JSON script that the browser reads and removes before its first render.
 */
export type RenderedPage = { html: string };

/** JSON inside a <script> element: no `</script>` or comment opener can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

// Renders of different learners overlap: the API client's token and transport are this request's,
// found through the async context, never a module's variable set per request.
const current = new AsyncLocalStorage<RenderRequest>();

function currentRequest(): RenderRequest {
  const request = current.getStore();
  if (!request) throw new Error('An API call outside a server render');
  return request;
}

provideAllStrings(en);
configureApiAuth(
  async () => currentRequest().token,
  () => {},
);
configureApiTransport((url, init) => currentRequest().call(url, init));

const handler = createStaticHandler(routes);

/** A query a component asked for while drawing that nobody has fetched yet (and not switched off). */
function waitingForData(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (enabled === false || (typeof enabled === 'function' && enabled(query) === false)) return false;
  return query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/** Resolves once no query of the cache is fetching. */
function readsSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const check = () => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    };
    stop = client.getQueryCache().subscribe(check);
    check();
  });
}

async function draw(request: RenderRequest): Promise<RenderedPage | null> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  // The user and the page's reads side by side: a token the API refuses fails both.
  const scope: LoadScope = { queryClient: client, signedIn: request.token !== null };
  const [user, context] = await Promise.all([
    request.token
      ? client
          .fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => api<TCurrentUser>('users/info') })
          .catch(() => null)
      : undefined,
    handler.query(new Request(request.url), { requestContext: scope }),
  ]);
  // An expired or revoked token: the browser signs in again as on any page. A temporary password:
  // the browser sends the user to change it (Root), nothing of the page is shown.
  if (user === null || (user && userMustChangePassword(user))) return null;
  // A redirect or a route's error: the browser draws those itself.
  if (context instanceof Response || context.statusCode !== 200) return null;
  // Every read the loaders started, not only those their page waits for in the browser: the page is
  // drawn whole, once (a loader stops waiting after CONTENT_WAIT_MS, a busy server takes longer).
  await readsSettled(client);
  const router = createStaticRouter(handler.dataRoutes, context);
  const Auth = ({ children }: { children: ReactNode }) => (
    <StaticAuthProvider user={user}>{children}</StaticAuthProvider>
  );
  const page = () => (
    <AppProviders client={client} auth={Auth}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  let html = await renderToStringAsync(page());
  // Reads that only the drawn components start (the header's, a lesson chosen from its list): one
  // more round, so that the page leaves with what the browser would otherwise ask for next.
  const waiting = client.getQueryCache().findAll({ predicate: waitingForData });
  if (waiting.length > 0) {
    await Promise.all(
      waiting.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
    );
    html = await renderToStringAsync(page());
  }
  const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(dehydrate(client))}</script>`;
  return { html: html + state };
}

/** Draws a page for one request; null when the browser should draw it (as without this entry). */
export function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  return current.run(request, () => draw(request));
}
