// The bench's sign-in (authorization code + PKCE through the provider's own form), typed here.
import { signIn as benchSignIn } from '../../bench/lib/sign-in.mjs';

export type Tokens = { access_token: string; refresh_token?: string; id_token: string };

export function signIn(baseUrl: string, username: string, password: string): Promise<Tokens> {
  return benchSignIn(baseUrl, username, password) as Promise<Tokens>;
}
