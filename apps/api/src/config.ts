import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads. The README's configuration table mirrors this. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  CONTENT_ORIGIN: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DEMO_DATA: z.enum(['true', 'false', 'auto']).default('auto'),
  DEMO_VIDEO: z.enum(['true', 'false']).default('true'),
  ADMIN_EMPLOYEE_CODE: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_ROLES_CLAIM: z.string().default('realm_access.roles'),
  OIDC_AUDIENCE: z.string().trim().optional(),
  OIDC_CLAIMS_SOURCE: z.enum(['access_token', 'userinfo']).default('access_token'),
  OIDC_ADMIN_ROLES: z.string().default('ROLE_ADMIN'),
  OIDC_STUDENT_ROLES: z.string().default(''),
  OIDC_EMPLOYEE_CODE_CLAIM: z.string().trim().min(1).default('preferred_username'),
  OIDC_EMAIL_CLAIM: z.string().trim().min(1).default('email'),
  OIDC_NAME_CLAIM: z.string().trim().min(1).default('name'),
  OIDC_LINK_BY: z.enum(['employee_code', 'email']).default('employee_code'),
  OIDC_CREATE_USERS: boolFlag,
  OIDC_SCOPE: z.string().optional(),
  OIDC_SERVICE_CLAIM: z.string().trim().optional(),
  OIDC_BRANCH_CLAIM: z.string().trim().optional(),
  OIDC_DEPARTMENT_CLAIM: z.string().trim().optional(),
  IDP_REGISTRATION: boolFlag,
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolFlag,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().default('Academy <no-reply@academy.local>'),
  ACCESS_STOPPED_CONTACT: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .default('your administrator or training coordinator'),
  TAB_LEAVE_LIMIT: z.coerce.number().int().min(0).max(100).default(3),
  FFMPEG_PATH: z.string().trim().optional(),
  FFPROBE_PATH: z.string().trim().optional(),
  MEDIA_LADDER: z
    .string()
    .trim()
    .regex(/^(\d{3,4})(,\d{3,4})*$|^$/, 'a comma-separated list of heights, e.g. 720,480,360')
    .optional(),
  MEDIA_X264_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'])
    .default('veryfast'),
  MEDIA_ENCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  MEDIA_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  MEDIA_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  ACADEMY_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  TRUST_PROXY: boolFlag,
  FRAME_ANCESTORS: z.string().trim().default("'self'"),
  TIME_ZONE: z
    .string()
    .trim()
    .optional()
    .refine(
      (zone) => !zone || isTimeZone(zone),
      'TIME_ZONE must be an IANA time zone such as Asia/Ho_Chi_Minh',
    ),
  CLOCK_OFFSET_FILE: z.string().trim().optional(),
  /** How often the workers send due reminder mails and managers' digests (decisions 103, 107). */
  REMINDER_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /** The academy records its own learning events as xAPI statements in its LRS (issue 26). */
  XAPI_STATEMENTS: z.enum(['true', 'false']).default('false'),
  /** Another LRS the academy's own statements are forwarded to (with XAPI_FORWARD_KEY/SECRET). */
  XAPI_FORWARD_ENDPOINT: z.string().url().optional(),
  XAPI_FORWARD_KEY: z.string().optional(),
  XAPI_FORWARD_SECRET: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SOURCEMAP: z.enum(['hidden', 'public', 'off']).default('hidden'),
  NODE_ENV: z.string().default('development'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Load demo accounts and content into an empty database. */
  demoData: boolean;
  /** With the demo data, a lesson whose video the server makes and encodes itself (decision 84). */
  demoVideo: boolean;
  bootstrapAdmin: { employeeCode: string; password: string } | undefined;
  oidc: {
    mode: 'embedded' | 'external';
    issuer: string;
    clientId: string;
    rolesClaim: string;
    /**
     * Embedded: `academy-api`. External: the `aud` access tokens must carry; undefined = tokens
     * issued to our client (`aud`, `azp` or `client_id` is the client id).
     */
    audience: string | undefined;
    /** The scopes the web app requests (OIDC_SCOPE with an external provider; the embedded one's own). */
    scope: string;
    registration: boolean;
    /** External provider: where the user's claims come from, and how they map to academy users. */
    external: ExternalIdentityConfig;
  };
  /** Where uploaded files live: `DATA_DIR/files`, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: LocalStorageConfig | S3StorageConfig;
  /** Mail goes through SMTP_URL when set, else is written to `outboxDir` as .eml files. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Study rules: leaving the tab more than `tabLeaveLimit` times in one viewing rewinds the video. */
  study: { tabLeaveLimit: number };
  /** Whom the sign-in page tells a stopped account to contact (after the right password). */
  accessStoppedContact: string;
  /** Lesson videos: tools, encoding ladder and speed, staging folders, signed stream URLs. */
  media: MediaConfig;
  /**
   * What this process does: `all` (HTTP and job workers), `api` (HTTP, no job workers) or
   * `worker` (job workers; HTTP answers only /health and /metrics).
   */
  role: AcademyRole;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /**
   * The web app's source maps: `hidden` (built, never served), `public` (served beside the
   * scripts and linked from them) or `off` (not built). Read by the web build too.
   */
  sourceMaps: z.infer<typeof ZEnv>['SOURCEMAP'];
  /** The zone reports and exports tell time in (IANA name; the server's by default). */
  timeZone: string;
  /** Audit events older than this many days are pruned. */
  auditRetentionDays: number;
  /** Tests only: a file holding milliseconds to move the server's clock forward (platform/clock.ts). */
  clockOffsetFile: string | undefined;
  /** How often each worker process runs a reminder pass and a digest pass (each mail still goes once). */
  reminderEveryMs: number;
  /**
   * xAPI: whether the academy writes statements of its own events into its LRS, and the other LRS
   * it forwards them to (with HTTP Basic), if any.
   */
  xapi: { statements: boolean; forward: { endpoint: string; key: string; secret: string } | undefined };
  /** When set, GET /metrics needs `Authorization: Bearer <token>`; otherwise it is open. */
  metricsToken: string | undefined;
  /** Behind a reverse proxy: take the client IP, scheme and host from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** CSP frame-ancestors: who may show the product in a frame. */
  frameAncestors: string[];
  /**
   * Where SCORM packages are served (decision 110): an origin apart from the academy's, so a
   * package's scripts never reach its tokens. `port` is where this process serves it (0: none).
   */
  content: { origin: string; port: number };
  production: boolean;
};

export type AcademyRole = 'all' | 'api' | 'worker';

export type ExternalIdentityConfig = {
  /** `access_token`: the verified access token's claims; `userinfo`: the provider's userinfo answer. */
  claimsSource: 'access_token' | 'userinfo';
  /** Provider role names (in the roles claim) that make an admin. */
  adminRoles: string[];
  /** Provider role names that make a learner; empty: everyone else is a learner. */
  studentRoles: string[];
  employeeCodeClaim: string;
  emailClaim: string;
  nameClaim: string;
  /** How a first sign-in finds its academy user: by employee code, or by a verified email. */
  linkBy: 'employee_code' | 'email';
  /** Create a learner for someone with no academy user (off: they are refused). */
  createUsers: boolean;
  /** Claims naming the user's service, branch and department (unset: the academy keeps the place). */
  placeClaims: { service?: string; branch?: string; department?: string };
};

export const DEFAULT_OIDC_SCOPE = 'openid profile email offline_access';

/** OIDC_SCOPE with its spaces tidied; without `openid` there is no ID token, so no sign-in. */
function oidcScope(value: string | undefined): string {
  const scopes = (value ?? '').split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return DEFAULT_OIDC_SCOPE;
  if (!scopes.includes('openid')) {
    throw new Error('Invalid configuration:\n  OIDC_SCOPE must include openid');
  }
  return scopes.join(' ');
}

const roleList = (value: string) =>
  value
    .split(/[\s,]+/)
    .map((role) => role.trim())
    .filter(Boolean);

/** Whether this process runs the background job workers (video encoding, certificates). */
export function runsJobs(role: AcademyRole): boolean {
  return role !== 'api';
}

export type MediaConfig = {
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Rendition heights to encode (subset of 1080/720/480/360); undefined = all that fit the source. */
  ladder: number[] | undefined;
  preset: string;
  encodeConcurrency: number;
  /** An encoding whose heartbeat is older than this is taken as interrupted and retried. */
  staleSeconds: number;
  tokenTtlSeconds: number;
  /** tus uploads in progress, on local disk whatever the file storage (decision 77). */
  uploadsDir: string;
  /** Scratch space for encoding. */
  workDir: string;
};

export type LocalStorageConfig = { kind: 'local'; dir: string };
export type S3StorageConfig = {
  kind: 's3';
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/**
 * The content origin: CONTENT_ORIGIN, else this host on CONTENT_PORT (PORT + 1) — and for
 * `localhost`, `127.0.0.1`, another site as well as another origin (cookies ignore ports).
 */
function contentOriginOf(publicUrl: string, port: number, contentPort?: number, origin?: string) {
  const servedPort = contentPort ?? (port === 0 ? 0 : port + 1);
  if (origin) return { origin: new URL(origin).origin, port: servedPort };
  const url = new URL(publicUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  url.port = String(servedPort);
  return { origin: url.origin, port: servedPort };
}

export const EMBEDDED_CLIENT_ID = 'academy-web';
export const API_AUDIENCE = 'academy-api';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (env.JOBS_WORKER !== undefined) {
    throw new Error(
      'Invalid configuration:\n  JOBS_WORKER was replaced by ACADEMY_ROLE (all, api or worker; see README)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const external = Boolean(e.OIDC_ISSUER);
  if (external && !e.OIDC_CLIENT_ID) {
    throw new Error('Invalid configuration:\n  OIDC_CLIENT_ID is required with OIDC_ISSUER');
  }
  const scope = external ? oidcScope(e.OIDC_SCOPE) : DEFAULT_OIDC_SCOPE;
  const bootstrapAdmin =
    e.ADMIN_EMPLOYEE_CODE && e.ADMIN_PASSWORD
      ? { employeeCode: e.ADMIN_EMPLOYEE_CODE, password: e.ADMIN_PASSWORD }
      : undefined;
  const dataDir = path.resolve(e.DATA_DIR);
  const storage: Config['storage'] = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA === 'auto' ? !e.DATABASE_URL : e.DEMO_DATA === 'true',
    demoVideo: e.DEMO_VIDEO === 'true',
    bootstrapAdmin,
    oidc: {
      mode: external ? 'external' : 'embedded',
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/idp`).replace(/\/$/, ''),
      clientId: external ? (e.OIDC_CLIENT_ID as string) : EMBEDDED_CLIENT_ID,
      rolesClaim: e.OIDC_ROLES_CLAIM,
      audience: external ? e.OIDC_AUDIENCE || undefined : API_AUDIENCE,
      scope,
      registration: e.IDP_REGISTRATION,
      external: {
        claimsSource: e.OIDC_CLAIMS_SOURCE,
        adminRoles: roleList(e.OIDC_ADMIN_ROLES),
        studentRoles: roleList(e.OIDC_STUDENT_ROLES),
        employeeCodeClaim: e.OIDC_EMPLOYEE_CODE_CLAIM,
        emailClaim: e.OIDC_EMAIL_CLAIM,
        nameClaim: e.OIDC_NAME_CLAIM,
        linkBy: e.OIDC_LINK_BY,
        createUsers: e.OIDC_CREATE_USERS,
        placeClaims: {
          service: e.OIDC_SERVICE_CLAIM || undefined,
          branch: e.OIDC_BRANCH_CLAIM || undefined,
          department: e.OIDC_DEPARTMENT_CLAIM || undefined,
        },
      },
    },
    storage,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    study: { tabLeaveLimit: e.TAB_LEAVE_LIMIT },
    accessStoppedContact: e.ACCESS_STOPPED_CONTACT,
    media: {
      ffmpegPath: e.FFMPEG_PATH || undefined,
      ffprobePath: e.FFPROBE_PATH || undefined,
      ladder: e.MEDIA_LADDER ? e.MEDIA_LADDER.split(',').map(Number) : undefined,
      preset: e.MEDIA_X264_PRESET,
      encodeConcurrency: e.MEDIA_ENCODE_CONCURRENCY,
      staleSeconds: e.MEDIA_STALE_SECONDS,
      tokenTtlSeconds: e.MEDIA_TOKEN_TTL_SECONDS,
      uploadsDir: path.join(dataDir, 'uploads'),
      workDir: path.join(dataDir, 'work'),
    },
    role: e.ACADEMY_ROLE,
    logLevel: e.LOG_LEVEL,
    sourceMaps: e.SOURCEMAP,
    metricsToken: e.METRICS_TOKEN,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    clockOffsetFile: e.CLOCK_OFFSET_FILE || undefined,
    reminderEveryMs: e.REMINDER_EVERY_SECONDS * 1000,
    xapi: {
      statements: e.XAPI_STATEMENTS === 'true',
      forward: e.XAPI_FORWARD_ENDPOINT
        ? {
            endpoint: e.XAPI_FORWARD_ENDPOINT.replace(/\/?$/, '/'),
            key: e.XAPI_FORWARD_KEY ?? '',
            secret: e.XAPI_FORWARD_SECRET ?? '',
          }
        : undefined,
    },
    timeZone: e.TIME_ZONE || Intl.DateTimeFormat().resolvedOptions().timeZone,
    trustProxy: e.TRUST_PROXY,
    frameAncestors: e.FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
    content: contentOriginOf(publicUrl, e.PORT, e.CONTENT_PORT, e.CONTENT_ORIGIN),
    production: e.NODE_ENV === 'production',
  };
}
