import { createHash, randomBytes } from 'node:crypto';

export type ProviderTokens = { accessToken: string; idToken: string; refreshToken: string | undefined };

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Signs in at Glewlwyd without a browser, as its login page does: the password through its
 * `/api/auth/` (a session cookie), then the authorization request with PKCE S256, state and nonce,
 * then the token endpoint. For API tests only.
 */
export async function glewlwydSignIn(
  base: string,
  issuer: string,
  options: { clientId: string; redirectUri: string; username: string; password: string; nonce?: string },
): Promise<ProviderTokens> {
  const auth = await fetch(`${base}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: options.username, password: options.password }),
  });
  if (!auth.ok) throw new Error(`glewlwyd sign-in of ${options.username} answered ${auth.status}`);
  const cookie = auth.headers.get('set-cookie')?.split(';')[0] ?? '';
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(12));
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: 'openid profile email offline_access',
    state,
    nonce: options.nonce ?? b64url(randomBytes(12)),
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  // Glewlwyd's login page adds `g_continue` once the user is signed in (no prompt for consent).
  url.search += '&g_continue';
  const authorize = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const location = new URL(authorize.headers.get('location') ?? '', base);
  const code = location.searchParams.get('code');
  if (!code || location.searchParams.get('state') !== state) {
    throw new Error(`glewlwyd gave no code (${authorize.status} → ${location})`);
  }
  const token = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: options.clientId,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
    }),
  });
  const body = (await token.json()) as { access_token?: string; id_token?: string; refresh_token?: string };
  if (!token.ok || !body.access_token || !body.id_token) {
    throw new Error(`glewlwyd token endpoint answered ${token.status}: ${JSON.stringify(body)}`);
  }
  return { accessToken: body.access_token, idToken: body.id_token, refreshToken: body.refresh_token };
}
