import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/** The headers HTTP clients and gateways expect on refusals: WWW-Authenticate on 401, Allow on 405. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: `/services/core/api/${url}`, headers });

describe('refusal headers', () => {
  it('a 401 without a token names the Bearer scheme', async () => {
    const res = await call('GET', 'users/info');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="academy"');
  });

  it('a 401 for a refused token says the token is invalid', async () => {
    const res = await call('GET', 'users/info', { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="academy", error="invalid_token"');
  });

  it('a wrong method on a known path is 405 with the allowed methods', async () => {
    const res = await call('DELETE', 'homepage');
    expect(res.statusCode).toBe(405);
    const allow = String(res.headers.allow).split(', ');
    expect(allow).toContain('GET');
    expect(allow).toContain('HEAD');
    expect(allow).not.toContain('DELETE');
    expect(res.json()).toMatchObject({
      status: 405,
      message: 'DELETE is not allowed on /services/core/api/homepage',
    });

    const withId = await call('POST', 'news/12');
    expect(withId.statusCode).toBe(405);
    expect(String(withId.headers.allow)).toContain('GET');
  });

  it('an unknown path stays 404', async () => {
    const res = await call('GET', 'no-such-resource/1');
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
