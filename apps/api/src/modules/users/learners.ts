import { MESSAGES, type RoleCode, type TLoginEntry, type USER_ACCESS } from '@academy/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { pageWindow } from '../../platform/http/pagination';
import { EVERYTHING, type ManagementScope } from '../../platform/http/scope';
import { placeNames } from './place-names';
import { userWithin } from './service';
import { loginHistory, users } from './tables';

/** A learner as the progress pages show them: who, and where they are placed. */
export type LearnerCard = {
  id: number;
  employeeCode: string;
  fullName: string | null;
  email: string;
  role: RoleCode;
  access: (typeof USER_ACCESS)[number];
  serviceName: string | null;
  branchName: string | null;
  departmentName: string | null;
  authorizationName: string | null;
  position: string | null;
};

/** The learner's card for the progress pages (one query); undefined for no such user or one outside `within`. */
export async function learnerCard(
  db: Db,
  userId: number,
  within: ManagementScope = EVERYTHING,
): Promise<LearnerCard | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      employeeCode: users.employeeCode,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      access: users.access,
      ...placeNames,
      position: users.position,
    })
    .from(users)
    .where(and(eq(users.id, userId), userWithin(within)));
  return (
    user && { ...user, role: user.role as RoleCode, access: user.access as (typeof USER_ACCESS)[number] }
  );
}

/**
 * A user's sign-ins, newest first, with the total (PROGRESS_MANAGEMENT's login history). One
 * statement for the user, one for the page with its total; not found outside `within`.
 */
export async function loginHistoryOf(
  db: Db,
  userId: number,
  page: { page: number; size: number },
  within: ManagementScope = EVERYTHING,
): Promise<{ rows: TLoginEntry[]; total: number }> {
  const { limit, offset } = pageWindow(page);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), userWithin(within)));
  if (!user) throw notFound(MESSAGES.userNotFound);
  const rows = await db
    .select({
      id: loginHistory.id,
      at: loginHistory.at,
      ip: loginHistory.ip,
      userAgent: loginHistory.userAgent,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(loginHistory)
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.at), desc(loginHistory.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId));
    total = counted?.n ?? 0;
  }
  return {
    rows: rows.map(({ total: _t, at, ...r }) => ({ ...r, at: at.toISOString() })),
    total: Number(total),
  };
}
