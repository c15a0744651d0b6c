import { PAGE_TOKEN_COOKIE } from '@academy/contract';
import type { StoredToken } from './token-source';

type CookieJar = Pick<Document, 'cookie'>;

let lent: string | null | undefined;

/**
 * Lends the access token to the server for the academy pages' HTML (decision 195): the server
 * draws a course or lesson page with the learner's content when the cookie comes with its request.
 * Written when the token the app uses changes, for as long as the token lives, and only for the
 * academy's paths; an expired or missing token takes it away.
 */
export function lendTokenToPages(
  token: StoredToken | null,
  jar: CookieJar = document,
  secure = window.location.protocol === 'https:',
): void {
  const value = token && token.secondsLeft > 0 ? token.accessToken : null;
  if (value === lent) return;
  lent = value;
  const attributes = `Path=${PAGE_TOKEN_COOKIE.path}; SameSite=Strict${secure ? '; Secure' : ''}`;
  jar.cookie =
    token && value
      ? `${PAGE_TOKEN_COOKIE.name}=${value}; Max-Age=${token.secondsLeft}; ${attributes}`
      : `${PAGE_TOKEN_COOKIE.name}=; Max-Age=0; ${attributes}`;
}
