import type { LoaderFunctionArgs } from 'react-router';
import { hasStoredSession } from './auth/stored-session';

/**
 * The longest a route waits for the reads its content is drawn from before it draws the page with
 * its loading states instead (decision 191).
 */
export const CONTENT_WAIT_MS = 400;

/**
 * A loader that starts a page's data with the navigation, beside its chunk, into the query cache
 * its components read (decision 131). When `start` hands back the reads the page's content needs,
 * the route waits for them, up to CONTENT_WAIT_MS, so that the page is drawn once with its content
 * rather than a loading state first and the content a render later (decision 191). Signed-in pages
 * start theirs only with a stored session (the sign-in redirect needs none).
 */
export function startData(
  start: (args: LoaderFunctionArgs) => Promise<unknown> | undefined,
  options: { signedIn?: boolean; storedSession?: () => boolean } = {},
) {
  const storedSession = options.storedSession ?? hasStoredSession;
  return async (args: LoaderFunctionArgs) => {
    if (options.signedIn && !storedSession()) return null;
    const content = start(args);
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
