// A real, separately written OpenID Connect provider for the tests: Debian's `glewlwyd` (2.7),
// configured from nothing in a folder of its own (SQLite database, RSA signing key, config file)
// and started on 127.0.0.1. The tests start it themselves (API tests in a beforeAll, journeys in a
// fixture); by hand: `node scripts/glewlwyd/glewlwyd.mjs --port 4593 --app http://localhost:3000`
// (README "Connecting your identity provider").
//
// What it holds: one public client `academy-web` (code + PKCE S256 required, refresh tokens,
// redirect `<app>/auth/callback`, post-logout `<app>/`), session management (end_session), and
// the users of GLEWLWYD_USERS below. The `roles` claim is a space-separated STRING, the way many
// providers send it; `employee_code` and `preferred_username` are claims of their own, so a test can
// rename `preferred_username` and keep the employee code and `sub`. `service`, `branch` and
// `department` name a place in the academy's organisation (the demo data's names), for users
// created on first sign-in. Besides the standard scopes the client may ask for `academy`, the way
// Entra ID wants the scope of the app's own API (OIDC_SCOPE).
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

export const GLEWLWYD_BIN = '/usr/bin/glewlwyd';
const SCHEMA = '/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz';
const WEBAPP = '/usr/share/glewlwyd/webapp/';
const WEBAPP_CONFIG = '/usr/share/glewlwyd/templates/config.json';
const MODULES = '/usr/lib/glewlwyd';
const ADMIN_PASSWORD = 'password'; // the schema's own administrator (admin / password)

export const GLEWLWYD_CLIENT_ID = 'academy-web';
/** The plugin instance's name: the issuer is `<base>/api/oidc`. */
const PLUGIN = 'oidc';

/** The scopes the client may request (and every user has consented to). */
export const GLEWLWYD_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'academy'];
/** User properties released as claims of their own (besides name and email). */
const CLAIMS = ['roles', 'employee_code', 'preferred_username', 'service', 'branch', 'department'];

/**
 * Users of the provider. `employee_code` links them to academy users on first sign-in; `jo` and
 * `max` are unknown to the academy and named for the org claims of users created on first sign-in
 * (`max`'s department is no department of the academy).
 */
export const GLEWLWYD_USERS = [
  {
    username: 'ada',
    password: 'Ada@glewlwyd1',
    name: 'Ada Admin',
    email: 'ada@academy.test',
    employee_code: 'admin',
    preferred_username: 'ada',
    roles: 'ROLE_ADMIN ROLE_STUDENT',
  },
  {
    username: 'leo',
    password: 'Leo@glewlwyd1',
    name: 'Leo Learner',
    email: 'leo@academy.test',
    employee_code: 'student',
    preferred_username: 'leo',
    roles: 'ROLE_STUDENT',
  },
  {
    username: 'nina',
    password: 'Nina@glewlwyd1',
    name: 'Nina Nobody',
    email: 'nina@academy.test',
    employee_code: 'not-an-academy-user',
    preferred_username: 'nina',
    roles: 'ROLE_STUDENT',
  },
  {
    username: 'jo',
    password: 'Jo@glewlwyd12',
    name: 'Jo Newcomer',
    email: 'jo@academy.test',
    employee_code: 'jo-newcomer',
    preferred_username: 'jo',
    roles: 'ROLE_STUDENT',
    service: 'Skyline Mobile',
    branch: 'skyline mobile hanoi',
    department: 'SALES',
  },
  {
    username: 'max',
    password: 'Max@glewlwyd12',
    name: 'Max Elsewhere',
    email: 'max@academy.test',
    employee_code: 'max-elsewhere',
    preferred_username: 'max',
    roles: 'ROLE_STUDENT',
    service: 'Skyline Mobile',
    branch: 'Skyline Mobile Hanoi',
    department: 'Astrology',
  },
];

/** True when Debian's glewlwyd is installed (`.ci/run` installs it). */
export function glewlwydInstalled() {
  return [GLEWLWYD_BIN, SCHEMA, WEBAPP, WEBAPP_CONFIG].every((file) => fs.existsSync(file));
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

function pluginParameters(issuer, key, cert) {
  const claim = (name) => ({
    name,
    'user-property': name,
    type: 'string',
    'boolean-value-true': '',
    'boolean-value-false': '',
    mandatory: true,
    'on-demand': false,
    scope: [],
  });
  return {
    iss: issuer,
    'oauth-as-iss-id': false,
    'jwt-type': 'rsa',
    'jwt-key-size': '256',
    'jwks-uri': '',
    'jwks-private': '',
    'default-kid': '',
    'jwks-public': '',
    key,
    cert,
    'access-token-duration': 3600,
    'refresh-token-duration': 1209600,
    'code-duration': 600,
    'refresh-token-rolling': true,
    'refresh-token-one-use': 'never',
    'allow-non-oidc': false,
    'auth-type-code-enabled': true,
    'auth-type-code-revoke-replayed': false,
    'auth-type-token-enabled': false,
    'auth-type-id-token-enabled': true,
    'auth-type-none-enabled': true,
    'auth-type-password-enabled': false,
    'auth-type-client-enabled': false,
    'auth-type-device-enabled': false,
    'auth-type-refresh-enabled': true,
    scope: [],
    'additional-parameters': [],
    claims: CLAIMS.map(claim),
    'jwks-show': true,
    'jwks-x5c': [],
    'request-parameter-allow': false,
    'secret-type': 'public',
    'address-claim': { type: 'no', mandatory: false },
    'name-claim': 'mandatory',
    'name-claim-scope': [],
    'email-claim': 'mandatory',
    'email-claim-scope': [],
    'scope-claim': 'no',
    'scope-claim-scope': [],
    'allowed-scope': GLEWLWYD_SCOPES,
    'pkce-allowed': true,
    'pkce-method-plain-allowed': false,
    'pkce-required': true,
    'pkce-required-public-client': true,
    'pkce-scopes': [],
    'introspection-revocation-allowed': true,
    'introspection-revocation-auth-scope': [],
    'introspection-revocation-allow-target-client': true,
    'register-client-allowed': false,
    'session-management-allowed': true,
    'session-cookie-name': 'GLEWLWYD2_OIDC_SID',
    'session-cookie-expiration': 2419200,
    'front-channel-logout-allowed': true,
    'back-channel-logout-allowed': true,
  };
}

/** Writes the configuration, database and key of a provider at `base` into `dir` (made empty). */
export function configureGlewlwyd({ dir, port, appUrls }) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const issuer = `${base}/api/${PLUGIN}`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const database = path.join(dir, 'glewlwyd.sqlite3');

  const statements = [zlib.gunzipSync(fs.readFileSync(SCHEMA)).toString('utf8')];
  // Every scope the web app asks for needs the password: the login page then asks for it.
  statements.push("UPDATE g_scope SET gs_password_required = 1 WHERE gs_name = 'openid';");
  for (const scope of GLEWLWYD_SCOPES.filter((name) => name !== 'openid')) {
    statements.push(
      `INSERT INTO g_scope (gs_name, gs_display_name, gs_description, gs_password_required, gs_password_max_age) VALUES (${sqlText(scope)}, ${sqlText(scope)}, ${sqlText(scope)}, 1, 0);`,
    );
  }
  // The user database module keeps the claims' properties (roles, employee_code, …).
  const userModule = {
    'use-glewlwyd-connection': true,
    'data-format': Object.fromEntries(
      CLAIMS.map((name) => [
        name,
        { multiple: false, read: true, write: true, 'profile-read': true, 'profile-write': false },
      ]),
    ),
  };
  statements.push(
    `UPDATE g_user_module_instance SET gumi_parameters = ${sqlText(JSON.stringify(userModule))} WHERE gumi_name = 'database';`,
  );
  // The client database module reads only the properties of its data format; the OIDC plugin checks
  // post_logout_redirect_uri against the client's `post_logout_redirect_uris` (plural), not listed.
  statements.push(
    `UPDATE g_client_module_instance SET gcmi_parameters = json_set(gcmi_parameters, '$."data-format".post_logout_redirect_uris', json('{"multiple":true,"read":true,"write":true}')) WHERE gcmi_name = 'database';`,
  );
  statements.push(
    `INSERT INTO g_plugin_module_instance (gpmi_module, gpmi_name, gpmi_display_name, gpmi_parameters) VALUES ('oidc', ${sqlText(PLUGIN)}, 'OpenID Connect', ${sqlText(JSON.stringify(pluginParameters(issuer, key, cert)))});`,
  );
  // The public client of the web app.
  statements.push(
    `INSERT INTO g_client (gc_client_id, gc_name, gc_description, gc_confidential, gc_enabled) VALUES (${sqlText(GLEWLWYD_CLIENT_ID)}, 'Academy', 'Academy web app', 0, 1);`,
  );
  const clientProperties = [
    ...appUrls.map((url) => ['redirect_uri', `${url}/auth/callback`]),
    ...appUrls.map((url) => ['post_logout_redirect_uris', `${url}/`]),
    ['authorization_type', 'code'],
    ['authorization_type', 'refresh_token'],
    ['authorization_type', 'delete_token'],
    ['token_endpoint_auth_method', 'none'],
  ];
  for (const [name, value] of clientProperties) {
    statements.push(
      `INSERT INTO g_client_property (gc_id, gcp_name, gcp_value) VALUES ((SELECT gc_id FROM g_client WHERE gc_client_id = ${sqlText(GLEWLWYD_CLIENT_ID)}), ${sqlText(name)}, ${sqlText(value)});`,
    );
  }
  // Consent given in advance: the journeys see the login page, not a grant screen.
  for (const user of GLEWLWYD_USERS) {
    for (const scope of GLEWLWYD_SCOPES) {
      statements.push(
        `INSERT INTO g_client_user_scope (gs_id, gcus_username, gcus_client_id) VALUES ((SELECT gs_id FROM g_scope WHERE gs_name = ${sqlText(scope)}), ${sqlText(user.username)}, ${sqlText(GLEWLWYD_CLIENT_ID)});`,
      );
    }
  }
  const sqlite = spawnSync('sqlite3', [database], { input: statements.join('\n'), encoding: 'utf8' });
  if (sqlite.status !== 0) throw new Error(`sqlite3 failed: ${sqlite.stderr || sqlite.error}`);

  // Its web pages, with the links to Debian's bootstrap, jQuery and fonts followed (the static
  // file server does not serve links that leave its folder) and its own config.json.
  const webapp = path.join(dir, 'webapp');
  fs.cpSync(WEBAPP, webapp, {
    recursive: true,
    dereference: true,
    filter: (source) => path.basename(source) !== 'config.json',
  });
  fs.copyFileSync(WEBAPP_CONFIG, path.join(webapp, 'config.json'));

  const conf = `port=${port}
bind_address="127.0.0.1"
external_url="${base}"
login_url="login.html"
static_files_path="${webapp}/"
api_prefix="api"
allow_origin="*"
allow_methods="GET, POST, PUT, DELETE, OPTIONS"
allow_headers="Origin, X-Requested-With, Content-Type, Accept, Bearer, Authorization, DPoP"
expose_headers="Content-Encoding, Authorization"
log_mode="file"
log_level="INFO"
log_file="${path.join(dir, 'glewlwyd.log')}"
cookie_secure=0
cookie_same_site="empty"
session_expiration=2419200
session_key="GLEWLWYD2_SESSION_ID"
admin_session_authentication="cookie"
profile_session_authentication="cookie"
allow_multiple_user_per_session=false
login_api_enabled=true
add_x_frame_option_header_deny=true
max_post_size=16778240
admin_scope="g_admin"
profile_scope="g_profile"
user_module_path="${MODULES}/user"
user_middleware_module_path="${MODULES}/user_middleware"
client_module_path="${MODULES}/client"
user_auth_scheme_module_path="${MODULES}/scheme"
plugin_module_path="${MODULES}/plugin"
use_secure_connection=false
secure_connection_key_file="/etc/glewlwyd/cert.key"
secure_connection_pem_file="/etc/glewlwyd/cert.pem"
hash_algorithm="SHA512"
database =
{
  type = "sqlite3"
  path = "${database}"
};
static_files_mime_types =
(
  { extension = ".html" mime_type = "text/html" },
  { extension = ".css" mime_type = "text/css" },
  { extension = ".js" mime_type = "application/javascript" },
  { extension = ".json" mime_type = "application/json" },
  { extension = ".png" mime_type = "image/png" },
  { extension = ".ico" mime_type = "image/x-icon" },
  { extension = ".woff" mime_type = "font/woff" },
  { extension = ".woff2" mime_type = "font/woff2" },
  { extension = ".ttf" mime_type = "font/ttf" },
  { extension = ".svg" mime_type = "image/svg+xml" }
)
`;
  const confFile = path.join(dir, 'glewlwyd.conf');
  fs.writeFileSync(confFile, conf);
  return { base, issuer, confFile, database };
}

/** A session cookie of the provider's administrator, to call its admin API. */
async function adminSession(base) {
  const res = await fetch(`${base}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`glewlwyd admin sign-in answered ${res.status}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('glewlwyd admin sign-in set no cookie');
  return cookie;
}

/** Changes properties of a provider user (e.g. renames `preferred_username`). */
export async function updateGlewlwydUser(base, username, changes) {
  const cookie = await adminSession(base);
  const current = await fetch(`${base}/api/user/${encodeURIComponent(username)}`, { headers: { cookie } });
  if (!current.ok) throw new Error(`glewlwyd user ${username} answered ${current.status}`);
  const body = { ...(await current.json()), ...changes };
  const res = await fetch(`${base}/api/user/${encodeURIComponent(username)}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok)
    throw new Error(`updating glewlwyd user ${username} answered ${res.status}: ${await res.text()}`);
}

async function waitForDiscovery(issuer, child, logFile) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
  throw new Error(`glewlwyd did not answer its discovery at ${issuer}\n${log}`);
}

/**
 * Configures and starts a provider in `dir` on `port` (a free one when omitted) for the web app
 * at each of `appUrls`, creates its users, and returns its issuer and a stop function.
 */
export async function startGlewlwyd({ dir, port, appUrls }) {
  const chosen = port ?? (await freePort());
  const { base, issuer, confFile } = configureGlewlwyd({ dir, port: chosen, appUrls });
  const child = spawn(GLEWLWYD_BIN, ['--config-file', confFile], { stdio: 'ignore' });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  try {
    await waitForDiscovery(issuer, child, path.join(dir, 'glewlwyd.log'));
    const cookie = await adminSession(base);
    for (const user of GLEWLWYD_USERS) {
      const res = await fetch(`${base}/api/user/`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          ...user,
          enabled: true,
          scope: GLEWLWYD_SCOPES,
        }),
      });
      if (!res.ok)
        throw new Error(
          `creating glewlwyd user ${user.username} answered ${res.status}: ${await res.text()}`,
        );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, issuer, clientId: GLEWLWYD_CLIENT_ID, pid: child.pid, stop };
}

// By hand: node scripts/glewlwyd/glewlwyd.mjs [--port 4593] [--app http://localhost:3000] [--dir .tmp/glewlwyd]
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const root = path.resolve(import.meta.dirname, '../..');
  const provider = await startGlewlwyd({
    dir: path.resolve(arg('dir', path.join(root, '.tmp/glewlwyd'))),
    port: Number(arg('port', '4593')),
    appUrls: [arg('app', 'http://localhost:3000')],
  });
  console.log(`Glewlwyd is running (pid ${provider.pid}).
  OIDC_ISSUER=${provider.issuer}
  OIDC_CLIENT_ID=${provider.clientId}
  OIDC_CLAIMS_SOURCE=userinfo OIDC_ROLES_CLAIM=roles OIDC_EMPLOYEE_CODE_CLAIM=employee_code
  (optional: OIDC_CREATE_USERS=true OIDC_SERVICE_CLAIM=service OIDC_BRANCH_CLAIM=branch
   OIDC_DEPARTMENT_CLAIM=department creates jo and max on first sign-in, placed by their claims;
   OIDC_SCOPE="openid profile email offline_access academy" asks for its extra scope)
  users: ${GLEWLWYD_USERS.map((u) => `${u.username} / ${u.password}`).join(', ')}
  its admin pages: ${provider.base}/index.html (admin / ${ADMIN_PASSWORD}). Ctrl+C stops it.`);
  const quit = () => void provider.stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
