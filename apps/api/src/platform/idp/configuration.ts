import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { API_AUDIENCE } from '../../config';
import type { AppContext } from '../context';
import type { IdpAccounts } from './accounts';
import { drizzleAdapter } from './adapter';
import { accountFinder, CLAIMS_BY_SCOPE, findActiveUser, userClaims } from './claims';
import { API_RESOURCE, API_RESOURCE_SCOPES, ensureGrant, OIDC_SCOPES } from './grants';
import type { IdpSecrets } from './keys';
import { messagePage, signOutPage } from './login-page';

export const IDP_PREFIX = '/idp';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
export const TTL = {
  accessToken: 15 * MINUTE,
  refreshToken: 14 * DAY,
  session: 14 * DAY,
} as const;

/** The embedded provider: one public client (the web app), PKCE S256, JWT access tokens for the API. */
export function createProvider(ctx: AppContext, secrets: IdpSecrets, accounts: IdpAccounts): Provider {
  const { config, db } = ctx;
  const home = config.publicUrl;
  const appOrigin = new URL(home).origin;

  const configuration: Configuration = {
    adapter: drizzleAdapter(db),
    clients: [
      {
        client_id: config.oidc.clientId,
        client_name: 'Academy',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${home}/auth/callback`],
        post_logout_redirect_uris: [`${home}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    // jose's JWK type and oidc-provider's differ only in which members are optional.
    jwks: { keys: secrets.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: secrets.cookieKeys,
      // Same-site app: lax cookies work over plain http too (SameSite=None needs Secure).
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    scopes: OIDC_SCOPES,
    claims: CLAIMS_BY_SCOPE,
    conformIdTokenClaims: false,
    findAccount: accountFinder(accounts),
    features: {
      devInteractions: { enabled: false },
      // Access tokens are bound to the API (aud), which oidc-provider's userinfo refuses; ours is /idp/me.
      userinfo: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (koa, form) => {
          koa.type = 'html';
          koa.body = signOutPage(form, home);
        },
        postLogoutSuccessSource: (koa) => {
          koa.type = 'html';
          koa.body = messagePage({ title: 'Signed out', message: 'You have been signed out.', home });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_koa, indicator) => {
          if (indicator !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: API_RESOURCE_SCOPES,
            audience: API_AUDIENCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TTL.accessToken,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    discovery: { userinfo_endpoint: `${config.oidc.issuer}/me` },
    extraTokenClaims: async (koa, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const user = await findActiveUser(accounts, accountId);
      if (!user) return undefined;
      const { sub: _sub, ...claims } = userClaims(user);
      // Access tokens name their sign-in session; issuing one (sign-in, refresh) marks it as seen.
      const sessionUid = 'sessionUid' in token ? token.sessionUid : undefined;
      if (!sessionUid) return claims;
      await accounts.touchSession({
        id: sessionUid,
        userId: user.id,
        ip: koa.ip,
        userAgent: koa.get('user-agent') || undefined,
      });
      return { ...claims, sid: sessionUid };
    },
    issueRefreshToken: (_koa, client) => client.grantTypeAllowed('refresh_token'),
    // Even with offline_access, signing out of the academy ends its refresh tokens too.
    expiresWithSession: () => true,
    rotateRefreshToken: true,
    loadExistingGrant: async (koa) => {
      const { oidc } = koa;
      const accountId = oidc.account?.accountId ?? oidc.session?.accountId;
      const clientId = oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      return ensureGrant(oidc.provider, {
        accountId,
        clientId,
        scope: oidc.params?.scope,
        grantId: oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId),
      });
    },
    interactions: { url: (_koa, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    clientBasedCORS: (koa: KoaContextWithOIDC, origin: string) =>
      origin === appOrigin || origin === koa.origin,
    renderError: (koa, out) => {
      koa.type = 'html';
      koa.body = messagePage({
        title: 'Sign-in problem',
        message: String(out.error_description ?? out.error ?? 'Something went wrong.'),
        home,
      });
    },
    ttl: {
      AccessToken: TTL.accessToken,
      AuthorizationCode: MINUTE,
      IdToken: TTL.accessToken,
      Interaction: 60 * MINUTE,
      Session: TTL.session,
      Grant: TTL.refreshToken,
      // Rotation hands on the remaining lifetime: fourteen days after sign-in the user signs in again.
      RefreshToken: (koa) => koa?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? TTL.refreshToken,
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // Behind a reverse proxy (TRUST_PROXY) the public scheme and host come from X-Forwarded-*.
  provider.proxy = config.trustProxy;
  return provider;
}
