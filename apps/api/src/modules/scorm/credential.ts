import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { appSecrets } from '../../platform/idp/tables';

/**
 * The launch credential (decision 111): what a SCO's frame on the content origin carries in its
 * URL path, instead of the learner's token. It names one package, one attempt, one SCO and one
 * launch (session), and expires; the HMAC (SHA-256, a key kept in app_secrets) makes it
 * unforgeable. A preview (`p`) names no attempt and writes nothing.
 */
export type LaunchClaims = {
  kind: 'a' | 'p';
  packageId: string;
  /** 0 for a preview. */
  attemptId: number;
  sco: number;
  sessionId: string;
  userId: number;
  expires: number;
};

export const LAUNCH_TTL_SECONDS = 4 * 3600;
const SECRET_NAME = 'scorm-launch';

export async function loadLaunchSecret(db: Db): Promise<Buffer> {
  const read = async () => {
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
    return row ? Buffer.from((row.value as { key: string }).key, 'base64url') : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: { key: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('SCORM launch secret could not be stored');
  return stored;
}

const sign = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 43);

export function signLaunch(secret: Buffer, claims: LaunchClaims): string {
  const payload = [
    claims.kind,
    claims.packageId,
    claims.attemptId,
    claims.sco,
    claims.sessionId,
    claims.userId,
    claims.expires,
  ].join('.');
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload)}`;
}

const CLAIMS = /^([ap])\.([0-9a-f-]{36})\.(\d{1,10})\.(\d{1,5})\.([0-9a-f]{16,32})\.(\d{1,10})\.(\d{1,12})$/;

/** The claims of a well-signed credential; null when it is forged or malformed. Expiry is the caller's. */
export function readLaunch(secret: Buffer, token: string): LaunchClaims | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature || token.split('.').length !== 2) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const m = CLAIMS.exec(payload);
  if (!m) return null;
  return {
    kind: m[1] as 'a' | 'p',
    packageId: m[2] as string,
    attemptId: Number(m[3]),
    sco: Number(m[4]),
    sessionId: m[5] as string,
    userId: Number(m[6]),
    expires: Number(m[7]),
  };
}

export const newSessionId = () => randomBytes(8).toString('hex');
