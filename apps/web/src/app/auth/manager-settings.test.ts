import { describe, expect, it } from 'vitest';
import { userManagerSettings } from './manager-settings';

const publicConfig = {
  oidc: {
    authority: 'https://login.example.com/tenant/v2.0',
    clientId: 'academy-spa',
    scope: 'openid profile email offline_access api://academy/access_as_user',
  },
  passwordsManagedBy: 'provider' as const,
};

describe('the sign-in client’s settings', () => {
  it('request the scopes the API’s public config names (OIDC_SCOPE), at its authority and client', () => {
    expect(userManagerSettings(publicConfig, 'https://academy.example.com')).toMatchObject({
      authority: 'https://login.example.com/tenant/v2.0',
      client_id: 'academy-spa',
      scope: 'openid profile email offline_access api://academy/access_as_user',
      redirect_uri: 'https://academy.example.com/auth/callback',
      post_logout_redirect_uri: 'https://academy.example.com/',
      response_type: 'code',
    });
  });
});
