import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { appSecrets } from '../../platform/idp/tables';

/**
 * Signed stream URLs: `?token=<expires>.<userId>.<signature>`, where the signature (HMAC-SHA256)
 * covers the video's folder (`videos/<year>/<id>`), the expiry and the user. Checking one needs
 * no database query, so every segment request is cheap; a token opens one video only.
 */

export type StreamToken = { token: string; expiresAt: Date };

const SECRET_NAME = 'media-stream';

/** The signing key, generated on first use and kept in the database so every process shares it. */
export async function loadStreamSecret(db: Db): Promise<Buffer> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (existing) return Buffer.from((existing.value as { key: string }).key, 'base64url');
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: { key: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!stored) throw new Error('media stream secret could not be stored');
  return Buffer.from((stored.value as { key: string }).key, 'base64url');
}

function signature(secret: Buffer, scope: string, expires: number, userId: number): string {
  return createHmac('sha256', secret)
    .update(`${scope}|${expires}|${userId}`)
    .digest('base64url')
    .slice(0, 32);
}

export function signStreamToken(
  secret: Buffer,
  scope: string,
  userId: number,
  ttlSeconds: number,
  now: Date = new Date(),
): StreamToken {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return {
    token: `${expires}.${userId}.${signature(secret, scope, expires, userId)}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** True when `token` was signed for `scope` and has not expired. */
export function verifyStreamToken(
  secret: Buffer,
  scope: string,
  token: string | undefined,
  now: Date = new Date(),
): boolean {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, scope, expires, Number(match[2])));
  const given = Buffer.from(match[3] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
