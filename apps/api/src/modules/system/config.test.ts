import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const publicConfig = async (env: Record<string, string>) => {
  t = await createTestApp({ seed: false, env });
  const res = await t.app.inject({ url: '/services/core/api/config' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const external = { OIDC_ISSUER: 'https://sso.example.com/realms/academy', OIDC_CLIENT_ID: 'academy-web' };

describe('the scopes the web app requests (OIDC_SCOPE)', () => {
  test('are openid profile email offline_access when OIDC_SCOPE is unset, embedded or external', async () => {
    expect((await publicConfig({})).oidc.scope).toBe('openid profile email offline_access');
    await t?.close();
    expect((await publicConfig(external)).oidc.scope).toBe('openid profile email offline_access');
  });

  test('are the external provider’s OIDC_SCOPE, spaces tidied, handed to the web app', async () => {
    const scope = '  openid profile email offline_access   api://academy/access_as_user ';
    expect((await publicConfig({ ...external, OIDC_SCOPE: scope })).oidc).toEqual({
      authority: external.OIDC_ISSUER,
      clientId: 'academy-web',
      scope: 'openid profile email offline_access api://academy/access_as_user',
    });
  });

  test('an OIDC_SCOPE without openid is refused at start, and the embedded provider keeps its own', () => {
    expect(() => loadConfig({ ...external, OIDC_SCOPE: 'profile email' })).toThrow(
      /OIDC_SCOPE must include openid/,
    );
    expect(loadConfig({ OIDC_SCOPE: 'openid api://other' }).oidc.scope).toBe(
      'openid profile email offline_access',
    );
  });
});
