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
export async function isSignInBlocked(db: Db, username: string, ip: string): Promise<boolean> {
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

export async function recordSignInFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(signInFailures).values({ username: usernameKey(username), ip: ip.slice(0, 64) });
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
