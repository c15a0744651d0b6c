import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentKey } from './agents';
import { XapiError } from './errors';
import { type LaunchScope, xapiCredentials } from './tables';

/** A launch credential's scope with the actor's identifier worked out once. */
export type ClientScope = LaunchScope & { agentKey: string };

/** Who is calling the LRS, and what they may do. */
export type XapiClient = {
  id: number | null;
  key: string;
  name: string;
  canRead: boolean;
  canWrite: boolean;
  /** Set for a launch credential (cmi5): the learner, registration and activity it is limited to. */
  scope: ClientScope | null;
};

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new key/secret pair; the secret is shown once and only its hash is kept. */
export async function createCredential(
  db: Db,
  input: {
    name: string;
    canRead: boolean;
    canWrite: boolean;
    createdBy: number | null;
    expiresAt?: Date;
    scope?: LaunchScope;
  },
): Promise<{ id: number; key: string; secret: string }> {
  const key = randomBytes(12).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(xapiCredentials)
    .values({
      ...input,
      key,
      secretHash: hashSecret(secret),
      expiresAt: input.expiresAt ?? null,
      scope: input.scope ?? null,
    })
    .returning({ id: xapiCredentials.id });
  if (!row) throw new Error('credential not stored');
  return { id: row.id, key, secret };
}

/**
 * A launch credential (decision 118): read and write, for one learner's registration, activity
 * and session only, until `expiresAt`. Answers the `Authorization` value the AU sends (the
 * "auth-token" of the cmi5 fetch URL: the Basic key:secret, base64).
 */
export async function createLaunchCredential(
  db: Db,
  input: { name: string; scope: LaunchScope; expiresAt: Date },
): Promise<{ id: number; authToken: string }> {
  const made = await createCredential(db, {
    name: input.name,
    canRead: true,
    canWrite: true,
    createdBy: null,
    expiresAt: input.expiresAt,
    scope: input.scope,
  });
  return { id: made.id, authToken: Buffer.from(`${made.key}:${made.secret}`).toString('base64') };
}

export async function revokeCredential(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(xapiCredentials)
    .set({ revokedAt: new Date() })
    .where(and(eq(xapiCredentials.id, id), isNull(xapiCredentials.revokedAt)))
    .returning({ id: xapiCredentials.id });
  return rows.length > 0;
}

/** Brings a credential's expiry forward to `at` (never later than it was). */
export async function expireCredentialBy(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(xapiCredentials)
    .set({ expiresAt: sql`least(coalesce(${xapiCredentials.expiresAt}, ${at}), ${at})` })
    .where(eq(xapiCredentials.id, id));
}

/** The integrations' keys (launch credentials are the academy's own and are not listed). */
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
      lastUsedAt: xapiCredentials.lastUsedAt,
    })
    .from(xapiCredentials)
    .where(and(isNull(xapiCredentials.revokedAt), isNull(xapiCredentials.scope)))
    .orderBy(xapiCredentials.id);
}

/** A key's last use is written at most this often per process (decision 155). */
export const LAST_USE_EVERY_MS = 60_000;
/** When this process last wrote each key's last use, per database (tests run several). */
const lastUseWritten = new WeakMap<Db, Map<number, number>>();

/**
 * Notes that an integration's key reached the LRS: one UPDATE a minute at most per key and
 * process, so a system sending statements all day costs no write per request.
 */
async function noteUse(db: Db, id: number): Promise<void> {
  const now = Date.now();
  let written = lastUseWritten.get(db);
  if (!written) {
    written = new Map();
    lastUseWritten.set(db, written);
  }
  if (now - (written.get(id) ?? 0) < LAST_USE_EVERY_MS) return;
  written.set(id, now);
  await db
    .update(xapiCredentials)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(xapiCredentials.id, id));
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
  if (!row.scope) await noteUse(db, row.id);
  const scope = row.scope ? { ...row.scope, agentKey: agentKey(row.scope.actor) ?? '' } : null;
  return { id: row.id, key: row.key, name: row.name, canRead: row.canRead, canWrite: row.canWrite, scope };
}
