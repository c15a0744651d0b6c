// Signs in through the embedded provider over HTTP exactly as a browser would:
// authorization code + PKCE S256, the provider's own HTML form, then the token endpoint.
import { createHash, randomBytes } from 'node:crypto';

function cookieJar() {
  const cookies = new Map();
  return {
    store(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/**
 * `baseUrl` is the process the requests go to; `publicUrl` (default: the same) is the server's
 * PUBLIC_URL, when several processes serve one address: the redirect URI is registered there, and
 * the provider's redirects to it are followed on `baseUrl`.
 */
export async function signIn(baseUrl, username, password, publicUrl = baseUrl) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${publicUrl}/auth/callback`;
  const publicOrigin = new URL(publicUrl).origin;
  const onBase = (next) =>
    next.origin === publicOrigin ? new URL(`${next.pathname}${next.search}`, baseUrl) : next;
  const jar = cookieJar();
  const authorize = new URL(`${baseUrl}/idp/auth`);
  for (const [k, v] of Object.entries({
    client_id: 'academy-web',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    prompt: 'consent',
  }))
    authorize.searchParams.set(k, v);

  let url = authorize.toString();
  let method = 'GET';
  let body;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    jar.store(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`sign-in failed: ${next.search}`);
        const token = await fetch(`${baseUrl}/idp/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: 'academy-web',
            code_verifier: verifier,
          }),
        });
        if (!token.ok) throw new Error(`token endpoint answered ${token.status}: ${await token.text()}`);
        return token.json();
      }
      url = onBase(next).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/i)?.[1];
    if (!action || method === 'POST') throw new Error(`unexpected sign-in page (status ${res.status})`);
    url = onBase(new URL(action.replaceAll('&amp;', '&'), url)).toString();
    method = 'POST';
    body = new URLSearchParams({ username, password }).toString();
  }
  throw new Error('too many redirects during sign-in');
}
