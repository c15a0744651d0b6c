import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInFailures } from './tables';

/** Failed sign-ins allowed within the window before the form refuses to check passwords. */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perUsername: 5,
  perIp: 20,
} as const;

/** The key a username is counted under: trimmed, lower-case, bounded to the column's length. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 255);
}

/** True when this username or this IP failed too often recently. One indexed query. */
async function isSignInBlocked(db: Db, username: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - SIGN_IN_LIMITS.windowMs);
  const name = usernameKey(username);
  const address = ip.slice(0, 64);
  const [counts] = await db
    .select({
      byUsername: sql<number>`count(*) filter (where ${signInFailures.username} = ${name})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${signInFailures.ip} = ${address})`.mapWith(Number),
    })
    .from(signInFailures)
    .where(
      and(
        gt(signInFailures.at, since),
        or(eq(signInFailures.username, name), eq(signInFailures.ip, address)),
      ),
    );
  return (
    (counts?.byUsername ?? 0) >= SIGN_IN_LIMITS.perUsername || (counts?.byIp ?? 0) >= SIGN_IN_LIMITS.perIp
  );
}

/**
 * Claims one sign-in attempt before the password is checked: under a lock per username and per
 * address, counts the recent failures and, when under both limits, records this attempt as a
 * failure (cleared again by `clearSignInFailures` when the password is right). So N parallel
 * wrong tries count N and exactly the limit of them get a password check. False: refused.
 */
export async function claimSignInAttempt(db: Db, username: string, ip: string): Promise<boolean> {
  const name = usernameKey(username);
  const address = ip.slice(0, 64);
  return db.transaction(async (tx) => {
    // Always the username's lock first, then the address's: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:user:${name}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:ip:${address}`}))`);
    if (await isSignInBlocked(tx, name, address)) return false;
    await tx.insert(signInFailures).values({ username: name, ip: address });
    return true;
  });
}

/** A successful sign-in clears that username's failures (the IP's stay counted). */
export async function clearSignInFailures(db: Db, username: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.username, usernameKey(username)));
}

/** Drops failures older than the window; they no longer count. */
export async function pruneSignInFailures(db: Db): Promise<void> {
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.at, new Date(Date.now() - SIGN_IN_LIMITS.windowMs)));
}
