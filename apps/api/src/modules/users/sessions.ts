import type { TUserSession } from '@academy/contract';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { oidcPayloads } from '../../platform/idp/tables';
import { userSessions } from './tables';

/**
 * Where a user is signed in (decision 60). A row per sign-in session of the embedded provider,
 * written whenever the provider issues tokens for it (sign-in, each refresh), so `lastSeenAt`
 * moves at least every access-token lifetime while the app is open. Access tokens carry the
 * session's id as `sid`; the principal lookup joins this table, so an ended session's tokens stop
 * working at the next request without an extra query.
 */

/** Records that the provider issued tokens for this session. An ended session stays ended. */
export async function touchSession(
  db: Db,
  input: { id: string; userId: number; ip?: string; userAgent?: string },
): Promise<void> {
  const now = new Date();
  const ip = input.ip?.slice(0, 64) ?? null;
  const userAgent = input.userAgent?.slice(0, 1000) ?? null;
  await db
    .insert(userSessions)
    .values({ id: input.id, userId: input.userId, ip, userAgent, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: userSessions.id,
      set: { lastSeenAt: now, ip, userAgent },
      where: and(isNull(userSessions.endedAt), eq(userSessions.userId, input.userId)),
    });
}

/** The user's live sessions, most recently seen first; `current` is the caller's own. */
export async function listSessions(
  db: Db,
  userId: number,
  currentId: string | undefined,
): Promise<TUserSession[]> {
  const rows = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/**
 * Ends sessions of a user — one (`only`), or all but one (`except`), or all — and everything the
 * provider keeps for them: the provider sessions, refresh tokens, codes. Their access tokens stop
 * at the next request, their refresh tokens at once. Returns how many sessions ended.
 */
export async function endSessions(
  db: Db,
  userId: number,
  which: { only?: string; except?: string } = {},
): Promise<number> {
  const conditions = [eq(userSessions.userId, userId), isNull(userSessions.endedAt)];
  if (which.only) conditions.push(eq(userSessions.id, which.only));
  if (which.except) conditions.push(ne(userSessions.id, which.except));
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(userSessions)
      .set({ endedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: userSessions.id });
    const account = String(userId);
    // The provider's rows of this account: a Session row is named by its uid, the others carry
    // the session's uid in their payload.
    const sessionOf = sql`coalesce(${oidcPayloads.uid}, ${oidcPayloads.payload} ->> 'sessionUid')`;
    const scope = which.only
      ? sql`${sessionOf} = ${which.only}`
      : which.except
        ? sql`${sessionOf} is distinct from ${which.except}`
        : sql`true`;
    await tx
      .delete(oidcPayloads)
      .where(
        and(
          sql`${oidcPayloads.payload} ->> 'accountId' = ${account}`,
          sql`${oidcPayloads.model} in ('Session', 'RefreshToken', 'AuthorizationCode', 'AccessToken')`,
          scope,
        ),
      );
    return ended.length;
  });
}

/** Ends every sign-in of these users at once (a bulk stop): two statements whatever their number. */
export async function endSessionsOfUsers(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(userSessions)
    .set({ endedAt: new Date() })
    .where(and(inArray(userSessions.userId, userIds), isNull(userSessions.endedAt)));
  await db
    .delete(oidcPayloads)
    .where(
      and(
        inArray(sql`${oidcPayloads.payload} ->> 'accountId'`, userIds.map(String)),
        sql`${oidcPayloads.model} in ('Session', 'RefreshToken', 'AuthorizationCode', 'AccessToken')`,
      ),
    );
}
