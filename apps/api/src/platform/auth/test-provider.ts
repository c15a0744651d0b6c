import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * A minimal OpenID provider for API tests: discovery, JWKS and userinfo on 127.0.0.1, and tokens
 * with any claims. `userinfo` answers with the claims registered for a token.
 */
export async function startTestProvider(options: { endSession?: boolean } = {}) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const userinfo = new Map<string, Record<string, unknown>>();
  let issuer = '';
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        ...(options.endSession ? { end_session_endpoint: `${issuer}/logout` } : {}),
      });
    }
    if (req.url === '/jwks') return send(200, { keys: [jwk] });
    if (req.url === '/userinfo') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const claims = userinfo.get(token);
      return claims ? send(200, claims) : send(401, { error: 'invalid_token' });
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** An access token of this provider (RS256, 5 minutes) with `claims` (aud defaults to the client). */
  async function token(claims: JWTPayload & { sub: string }, key = privateKey): Promise<string> {
    return new SignJWT({ aud: 'academy-web', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  }

  return {
    issuer,
    token,
    /** Makes `userinfo` answer `claims` for `accessToken`. */
    setUserinfo: (accessToken: string, claims: Record<string, unknown>) => userinfo.set(accessToken, claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;
