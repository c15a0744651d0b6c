import { MESSAGES, type TChangePassword, type TCurrentUser, type TPageQuery } from '@academy/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Principal } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { type ManagementScope, placeWithin } from '../../platform/http/scope';
import { hashPassword, verifyPassword } from './passwords';
import { placeNames } from './place-names';
import { endSessions } from './sessions';
import { users } from './tables';

export function currentUser(principal: Principal): TCurrentUser {
  return {
    id: principal.id,
    employeeCode: principal.employeeCode,
    email: principal.email,
    role: { codeName: principal.role },
    permissions: principal.permissions,
    fullName: principal.fullName,
    avatar: principal.avatarUrl,
    activePassword: principal.activePassword,
  };
}

export async function changePassword(db: Db, principal: Principal, input: TChangePassword): Promise<void> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, principal.id));
  if (!(await verifyPassword(input.oldPassword, row?.hash ?? null))) {
    throw badRequest(MESSAGES.oldPasswordInvalid, [
      { field: 'oldPassword', message: MESSAGES.oldPasswordInvalid },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, activePassword: true, updatedAt: new Date() })
      .where(eq(users.id, principal.id));
    // Every other device signs in again with the new password; this one stays signed in.
    await endSessions(tx, principal.id, { except: principal.sessionId });
  });
}

export type UserListFilter = TPageQuery & {
  serviceId?: number;
  branchId?: number;
  departmentId?: number;
  authorizationId?: number;
  access?: 'ALLOWED' | 'STOPPED';
  /** The caller's management scope: users outside it are never listed. */
  within?: ManagementScope;
};

/** A user row is inside a management scope by its service and branch. */
export function userWithin(scope: ManagementScope): SQL | undefined {
  return placeWithin(scope, { serviceId: users.serviceId, branchId: users.branchId });
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The WHERE of the users list and the export: search `q` and the filters. */
export function userListConditions(filter: Omit<UserListFilter, 'page' | 'size' | 'sort'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${users.employeeCode}) like ${pattern} or lower(${users.fullName}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  if (filter.serviceId) conditions.push(eq(users.serviceId, filter.serviceId));
  if (filter.branchId) conditions.push(eq(users.branchId, filter.branchId));
  if (filter.departmentId) conditions.push(eq(users.departmentId, filter.departmentId));
  if (filter.authorizationId) conditions.push(eq(users.authorizationId, filter.authorizationId));
  if (filter.access) conditions.push(eq(users.access, filter.access));
  const within = filter.within && userWithin(filter.within);
  if (within) conditions.push(within);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Two queries whatever the page size: the page's ids in order with the filtered total (one scan,
 * sorting narrow rows), then those rows with their joins. A page past the end costs one more count.
 */
export async function listUsers(db: Db, filter: UserListFilter) {
  const where = userListConditions(filter);
  const { limit, offset } = pageWindow(filter);
  const page = await db
    .select({ id: users.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(
      orderBy(
        filter.sort,
        { id: users.id, employeeCode: users.employeeCode, fullName: users.fullName, email: users.email },
        sql`${users.id} asc`,
      ),
    )
    .limit(limit)
    .offset(offset);
  const ids = page.map((row) => row.id);
  const rows = ids.length
    ? await db
        .select({
          id: users.id,
          employeeCode: users.employeeCode,
          fullName: users.fullName,
          email: users.email,
          role: users.role,
          access: users.access,
          serviceId: users.serviceId,
          branchId: users.branchId,
          departmentId: users.departmentId,
          authorizationId: users.authorizationId,
          ...placeNames,
          position: users.position,
        })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const total =
    page[0]?.total ??
    (offset === 0 ? 0 : ((await db.select({ total: count() }).from(users).where(where))[0]?.total ?? 0));
  return {
    rows: rows.map((r) => ({
      ...r,
      role: r.role as 'ROLE_ADMIN' | 'ROLE_STUDENT',
      access: r.access as 'ALLOWED' | 'STOPPED',
    })),
    total,
  };
}
