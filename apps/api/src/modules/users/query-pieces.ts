import type { PermissionKey } from '@academy/contract';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { type ManagementScope, placeWithin } from '../../platform/http/scope';
import {
  authorizationBranchIdOf,
  authorizationPermissionsOf,
  authorizationServiceIdOf,
} from '../authorizations';
import { users } from './tables';

/**
 * Users' data inside other modules' queries (decision 71), so their lists and reports stay one
 * query without reading the users table themselves: correlated subqueries on the users' primary
 * key given the caller's user-id column, conditions, counts, and the learners of a report.
 */

/** A column's value type as SQL: null only when the user-id column may be null. */
type OfUser<C extends Column, T> = SQL<C['_']['notNull'] extends true ? T : T | null>;

function userField<C extends Column, T>(userId: C, field: Column): OfUser<C, T> {
  return sql`(select ${col(field)} from ${users} where ${col(users.id)} = ${col(userId)})`;
}

/** The employee code of the user in `userId`. */
export function employeeCodeOf<C extends Column>(userId: C): OfUser<C, string> {
  return userField(userId, users.employeeCode);
}

/** The full name of the user in `userId` (null when they have none). */
export function fullNameOf(userId: Column): SQL<string | null> {
  return userField(userId, users.fullName);
}

/** Where to mail the user in `userId`: their address while their access is allowed, else null. */
export function allowedEmailOf(userId: Column): SQL<string | null> {
  return sql`(select ${col(users.email)} from ${users} where ${col(users.id)} = ${col(userId)} and ${col(users.access)} = 'ALLOWED')`;
}

/** The avatar of the user in `userId` (null when they have none). */
export function avatarOf(userId: Column): SQL<string | null> {
  return userField(userId, users.avatarUrl);
}

/** The name to print for a user: their full name, else their employee code; null for no such user. */
export function displayNameOf(userId: number): SQL<string | null> {
  return sql<
    string | null
  >`(select coalesce(nullif(trim(${col(users.fullName)}), ''), ${col(users.employeeCode)}) from ${users} where ${col(users.id)} = ${userId})`;
}

/** The user's service and branch, which a management scope is about (platform/http/scope.ts). */
const userPlace = { serviceId: col(users.serviceId), branchId: col(users.branchId) };

/**
 * "The user in `userId` is inside the management scope" (issue 20: managers see only the learners
 * of their branch or service); undefined when the scope is everything.
 */
export function userWithinSql(within: ManagementScope | undefined, userId: Column): SQL | undefined {
  const place = within && placeWithin(within, userPlace);
  return place && sql`exists (select 1 from ${users} where ${col(users.id)} = ${col(userId)} and ${place})`;
}

/** Where a row places users: the columns of that row that users' own columns must equal. */
export type UserPlacement = { branchId: Column; authorizationId: Column };

function placedAt(place: UserPlacement): SQL {
  return sql`${col(users.branchId)} = ${col(place.branchId)} and ${col(users.authorizationId)} = ${col(place.authorizationId)}`;
}

/** How many users hold the branch and authorization of the row (a roadmap's learners). */
export function usersPlacedCount(place: UserPlacement): SQL<number> {
  return sql<number>`(select count(*)::int from ${users} where ${placedAt(place)})`;
}

/** True when the user in `userId` holds the branch and authorization of the row (their roadmap). */
export function userPlacedAt(userId: number, place: UserPlacement): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} where ${col(users.id)} = ${userId} and ${placedAt(place)})`;
}

/** The ids of the users of a branch and authorization whose access is open (a roadmap's learners). */
export function usersPlacedAtSql(branchId: number, authorizationId: number): SQL {
  return sql`select ${col(users.id)} from ${users} where ${col(users.branchId)} = ${branchId} and ${col(users.authorizationId)} = ${authorizationId} and ${col(users.access)} = 'ALLOWED'`;
}

/** Which users a report is about (the progress report's learner filters and the caller's scope). */
export type LearnerFilter = {
  /** Part of the employee code, full name or email, any case. */
  q?: string;
  serviceId?: number;
  branchId?: number;
  departmentId?: number;
  /** The caller's management scope: users outside it are left out. */
  within?: ManagementScope;
  /** One user (a learner's page). */
  userId?: number;
  /** A batch of users (the export). */
  userIds?: number[];
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The learners of a report as a subquery for a CTE or a FROM: the users matching the filter, with
 * the columns `id, employee_code, full_name, service_id, branch_id, department_id,
 * authorization_id` (the report joins its rows to them and sorts by them).
 */
export function learnersSql(filter: LearnerFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  const within = filter.within && placeWithin(filter.within, userPlace);
  if (within) conditions.push(within);
  if (filter.userId !== undefined) conditions.push(sql`${col(users.id)} = ${filter.userId}`);
  if (filter.userIds) {
    const ids = filter.userIds.length ? filter.userIds.map((id) => sql`${id}`) : [sql`null`];
    conditions.push(sql`${col(users.id)} in (${sql.join(ids, sql`, `)})`);
  }
  if (filter.q) {
    const like = `%${escapeLike(filter.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${col(users.employeeCode)}) like ${like} or lower(${col(users.fullName)}) like ${like} or lower(${col(users.email)}) like ${like})`,
    );
  }
  if (filter.serviceId) conditions.push(sql`${col(users.serviceId)} = ${filter.serviceId}`);
  if (filter.branchId) conditions.push(sql`${col(users.branchId)} = ${filter.branchId}`);
  if (filter.departmentId) conditions.push(sql`${col(users.departmentId)} = ${filter.departmentId}`);
  return sql`
    select ${col(users.id)} as id, ${col(users.employeeCode)} as employee_code, ${col(users.fullName)} as full_name,
      ${col(users.serviceId)} as service_id, ${col(users.branchId)} as branch_id,
      ${col(users.departmentId)} as department_id, ${col(users.authorizationId)} as authorization_id
    from ${users}
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The people an assignment's audience rules choose from (issue 24), as a subquery for a CTE: every
 * user whose access is allowed and who is not an administrator, with the columns `id, service_id,
 * branch_id, department_id, authorization_id, joined_at` (when their account was made) — `userId`
 * alone when given.
 */
export function assignableUsersSql(userId?: SQL): SQL {
  const one = userId ? sql` and ${col(users.id)} = ${userId}` : sql``;
  return sql`
    select ${col(users.id)} as id, ${col(users.serviceId)} as service_id, ${col(users.branchId)} as branch_id,
      ${col(users.departmentId)} as department_id, ${col(users.authorizationId)} as authorization_id,
      ${col(users.createdAt)} as joined_at
    from ${users}
    where ${col(users.access)} = 'ALLOWED' and ${col(users.role)} <> 'ROLE_ADMIN'${one}`;
}

/**
 * The people who hold a permission key, as a subquery for a CTE or a FROM (the compliance digest's
 * progress managers, decision 107): allowed users who are administrators (they hold every key) or
 * whose authorization has the key, with the columns `id, role, full_name, email,
 * authorization_service_id, authorization_branch_id` — the last two give their management scope
 * (platform/http/scope.ts `scopeOf`).
 */
export function permissionHoldersSql(key: PermissionKey): SQL {
  return sql`
    select ${col(users.id)} as id, ${col(users.role)} as role, ${col(users.fullName)} as full_name,
      ${col(users.email)} as email,
      ${authorizationServiceIdOf(users.authorizationId)} as authorization_service_id,
      ${authorizationBranchIdOf(users.authorizationId)} as authorization_branch_id
    from ${users}
    where ${col(users.access)} = 'ALLOWED'
      and (${col(users.role)} = 'ROLE_ADMIN'
        or ${key} = any(coalesce(${authorizationPermissionsOf(users.authorizationId)}, '{}'::text[])))`;
}
