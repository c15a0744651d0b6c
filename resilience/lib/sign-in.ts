// The bench's sign-in (authorization code + PKCE through the provider's own form), typed here.
import { signIn as benchSignIn } from '../../bench/lib/sign-in.mjs';

export type Tokens = { access_token: string; refresh_token?: string; id_token: string };

/**
 * Signs in on the process at `baseUrl`. With several processes behind one address, pass that
 * PUBLIC_URL as `publicUrl`: the provider redirects there, and the helper stays on `baseUrl`.
 */
export function signIn(
  baseUrl: string,
  username: string,
  password: string,
  publicUrl?: string,
): Promise<Tokens> {
  return benchSignIn(baseUrl, username, password, publicUrl) as Promise<Tokens>;
}
