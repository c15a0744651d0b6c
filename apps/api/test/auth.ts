import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Signs in through the embedded provider exactly as the browser does: authorization request with
 * PKCE S256, our HTML sign-in form, the redirect back with a code, then the token endpoint.
 */

export const CLIENT_ID = 'academy-web';
export const SCOPE = 'openid profile email offline_access';

export type Tokens = {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
  scope: string;
};
type Response = LightMyRequestResponse;

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Cookies by name; paths are ignored, which is fine for one flow at a time. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const publicUrls = new WeakMap<FastifyInstance, string>();

/** The app's public address, read once from its discovery document (the issuer minus /idp). */
export async function publicUrlOf(app: FastifyInstance): Promise<string> {
  const known = publicUrls.get(app);
  if (known) return known;
  const res = await app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
  if (res.statusCode !== 200) throw new Error(`discovery answered ${res.statusCode}`);
  const url = (res.json() as { issuer: string }).issuer.replace(/\/idp$/, '');
  publicUrls.set(app, url);
  return url;
}

/** Path and query of a Location header, for `inject`. */
function localPath(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, 'http://localhost');
  return url.pathname + url.search;
}

export type Flow = {
  jar: CookieJar;
  verifier: string;
  redirectUri: string;
  state: string;
  /** Extra inject options for every request of the flow (e.g. remoteAddress, headers). */
  request: Pick<InjectOptions, 'remoteAddress'> & { headers?: Record<string, string> };
};

async function send(app: FastifyInstance, flow: Flow, options: InjectOptions): Promise<Response> {
  const res = await app.inject({
    ...options,
    ...(flow.request.remoteAddress ? { remoteAddress: flow.request.remoteAddress } : {}),
    headers: { ...flow.request.headers, ...options.headers, cookie: flow.jar.header() },
  });
  flow.jar.store(res);
  return res;
}

/** GET /idp/auth with PKCE; `params` overrides or removes (undefined) query parameters. */
export async function authorize(
  app: FastifyInstance,
  params: Record<string, string | undefined> = {},
  request: Flow['request'] = {},
  /** Cookies of an earlier flow, to act as a browser that is already signed in. */
  jar: CookieJar = new CookieJar(),
): Promise<{ flow: Flow; response: Response }> {
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${await publicUrlOf(app)}/auth/callback`;
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams();
  const all = {
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) query.set(k, v);
  const flow: Flow = { jar, verifier, redirectUri, state, request };
  const response = await send(app, flow, { method: 'GET', url: `/idp/auth?${query}` });
  return { flow, response };
}

/** Starts a sign-in and opens the sign-in form. Returns the form's action and the page. */
export async function openSignInForm(
  app: FastifyInstance,
  request: Flow['request'] = {},
  params: Record<string, string | undefined> = {},
) {
  const { flow, response } = await authorize(app, params, request);
  if (response.statusCode !== 303)
    throw new Error(`authorize answered ${response.statusCode}: ${response.body}`);
  const page = await send(app, flow, { method: 'GET', url: localPath(response.headers.location) });
  const action = page.body.match(/<form[^>]*action="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
  if (page.statusCode !== 200 || !action) throw new Error(`no sign-in form (status ${page.statusCode})`);
  return { flow, page, action };
}

export function submitSignInForm(
  app: FastifyInstance,
  flow: Flow,
  action: string,
  username: string,
  password: string,
): Promise<Response> {
  return send(app, flow, {
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

/** Follows redirects after a successful form post to the callback, then exchanges the code. */
export async function completeSignIn(app: FastifyInstance, flow: Flow, response: Response): Promise<Tokens> {
  let res = response;
  for (let hop = 0; hop < 5; hop++) {
    if (res.statusCode !== 303 && res.statusCode !== 302) {
      const error = res.body.match(/class="error"[^>]*>([^<]*)</)?.[1];
      throw new Error(`sign-in failed with status ${res.statusCode}${error ? `: ${error}` : ''}`);
    }
    const location = res.headers.location as string;
    if (location.startsWith(flow.redirectUri)) {
      const callback = new URL(location);
      const code = callback.searchParams.get('code');
      if (!code || callback.searchParams.get('state') !== flow.state) {
        throw new Error(`sign-in callback without code: ${callback.search}`);
      }
      return exchangeCode(app, flow, code);
    }
    res = await send(app, flow, { method: 'GET', url: localPath(location) });
  }
  throw new Error('too many redirects during sign-in');
}

async function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
  request: Flow['request'] = {},
): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/idp/token',
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    headers: { ...request.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: CLIENT_ID, ...form }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token endpoint answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as {
    access_token: string;
    refresh_token: string;
    id_token: string;
    expires_in: number;
    scope: string;
  };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    idToken: body.id_token,
    expiresIn: body.expires_in,
    scope: body.scope,
  };
}

export function exchangeCode(app: FastifyInstance, flow: Flow, code: string): Promise<Tokens> {
  // From the same browser as the sign-in pages (the web app exchanges the code itself).
  return tokenRequest(
    app,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: flow.redirectUri,
      code_verifier: flow.verifier,
    },
    flow.request,
  );
}

export function refreshTokens(app: FastifyInstance, refreshToken: string): Promise<Tokens> {
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** The whole sign-in; throws with the page's error when the credentials are refused. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  request: Flow['request'] = {},
): Promise<Tokens> {
  return (await signInWithFlow(app, username, password, request)).tokens;
}

/** Like signIn, also returning the flow (its cookie jar is a signed-in browser). */
export async function signInWithFlow(
  app: FastifyInstance,
  username: string,
  password: string,
  request: Flow['request'] = {},
  params: Record<string, string | undefined> = {},
): Promise<{ tokens: Tokens; flow: Flow }> {
  const { flow, action } = await openSignInForm(app, request, params);
  const response = await submitSignInForm(app, flow, action, username, password);
  return { tokens: await completeSignIn(app, flow, response), flow };
}
