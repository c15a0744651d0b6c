import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../lib/query-client';
import { hasStoredSession } from './auth/stored-session';

/**
 * The longest a route waits for the reads its content is drawn from before it draws the page with
 * its loading states instead (decision 191).
 */
export const CONTENT_WAIT_MS = 400;

/**
 * Where a loader puts a page's data and whether a learner is signed in: in the browser, the app's
 * one query cache and this browser's stored session; on the server (render.tsx), the request's
 * own cache and session, handed to the loaders as the router's request context (decision 195).
 */
export type LoadScope = { queryClient: QueryClient; signedIn: boolean };

function isLoadScope(value: unknown): value is LoadScope {
  return typeof value === 'object' && value !== null && 'queryClient' in value && 'signedIn' in value;
}

/**
 * A loader that starts a page's data with the navigation, beside its chunk, into the query cache
 * its components read (decision 131). When `start` hands back the reads the page's content needs,
 * the route waits for them, up to CONTENT_WAIT_MS, so that the page is drawn once with its content
 * rather than a loading state first and the content a render later (decision 191). Signed-in pages
 * start theirs only with a stored session (the sign-in redirect needs none).
 */
export function startData(
  start: (args: LoaderFunctionArgs, scope: LoadScope) => Promise<unknown> | undefined,
  options: { signedIn?: boolean; storedSession?: () => boolean } = {},
) {
  const storedSession = options.storedSession ?? hasStoredSession;
  return async (args: LoaderFunctionArgs) => {
    const scope: LoadScope = isLoadScope(args.context)
      ? args.context
      : { queryClient, signedIn: storedSession() };
    if (options.signedIn && !scope.signedIn) return null;
    const content = start(args, scope);
    if (content) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cap = new Promise((resolve) => {
        timer = setTimeout(resolve, CONTENT_WAIT_MS);
      });
      await Promise.race([content.catch(() => undefined), cap]);
      clearTimeout(timer);
    }
    return null;
  };
}
