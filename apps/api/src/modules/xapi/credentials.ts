import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { XapiError } from './errors';
import { xapiCredentials } from './tables';

/** Who is calling the LRS, and what they may do. */
export type XapiClient = {
  id: number | null;
  key: string;
  name: string;
  canRead: boolean;
  canWrite: boolean;
};

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new key/secret pair; the secret is shown once and only its hash is kept. */
export async function createCredential(
  db: Db,
  input: { name: string; canRead: boolean; canWrite: boolean; createdBy: number | null; expiresAt?: Date },
): Promise<{ id: number; key: string; secret: string }> {
  const key = randomBytes(12).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(xapiCredentials)
    .values({ ...input, key, secretHash: hashSecret(secret), expiresAt: input.expiresAt ?? null })
    .returning({ id: xapiCredentials.id });
  if (!row) throw new Error('credential not stored');
  return { id: row.id, key, secret };
}

export async function revokeCredential(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(xapiCredentials)
    .set({ revokedAt: new Date() })
    .where(and(eq(xapiCredentials.id, id), isNull(xapiCredentials.revokedAt)))
    .returning({ id: xapiCredentials.id });
  return rows.length > 0;
}

export async function listCredentials(db: Db) {
  return db
    .select({
      id: xapiCredentials.id,
      key: xapiCredentials.key,
      name: xapiCredentials.name,
      canRead: xapiCredentials.canRead,
      canWrite: xapiCredentials.canWrite,
      createdAt: xapiCredentials.createdAt,
      expiresAt: xapiCredentials.expiresAt,
    })
    .from(xapiCredentials)
    .where(isNull(xapiCredentials.revokedAt))
    .orderBy(xapiCredentials.id);
}

/** The client of an `Authorization: Basic …` header; 401 for anything else. */
export async function authenticate(db: Db, authorization: string | undefined): Promise<XapiClient> {
  const refused = new XapiError(401, 'A valid key and secret are required (HTTP Basic)');
  if (!authorization?.startsWith('Basic ')) throw refused;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw refused;
  const key = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const [row] = await db
    .select()
    .from(xapiCredentials)
    .where(
      and(
        eq(xapiCredentials.key, key),
        isNull(xapiCredentials.revokedAt),
        or(isNull(xapiCredentials.expiresAt), gt(xapiCredentials.expiresAt, new Date())),
      ),
    )
    .limit(1);
  const given = Buffer.from(hashSecret(secret));
  if (!row || !timingSafeEqual(given, Buffer.from(row.secretHash))) throw refused;
  return { id: row.id, key: row.key, name: row.name, canRead: row.canRead, canWrite: row.canWrite };
}
