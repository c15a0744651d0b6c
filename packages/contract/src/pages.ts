/**
 * The cookie through which the web app lends its access token to the server for the HTML of the
 * academy's pages, which the server then draws with the learner's data (decision 195). Only the
 * pages under `path` receive it and only their HTML reads it: the API itself accepts the token in
 * the Authorization header alone, so the cookie opens no request that changes anything.
 */
export const PAGE_TOKEN_COOKIE = { name: 'academy_page_token', path: '/training-academy' } as const;

/** Where the web app keeps the colour scheme a user chose (the server's pages set it before paint). */
export const COLOR_SCHEME_KEY = 'academy.color-scheme';
