import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { col } from '../../platform/db/sql';
import { users } from './tables';

/**
 * How other modules count the users placed in one of their rows, as a correlated subquery
 * (so a list stays one query). Org and authorizations sit below users and cannot import them:
 * app.ts passes these two functions to their routes (org's `PlacedUsers`).
 */
export function usersCountOf(
  column: 'serviceId' | 'branchId' | 'departmentId' | 'authorizationId',
  id: PgColumn,
): SQL<number> {
  return sql<number>`(select count(*) from ${users} where ${col(users[column])} = ${col(id)})`.mapWith(
    Number,
  );
}

/** True when at least one user is placed in the row (for refusing moves of rows in use). */
export function anyUserOf(
  column: 'serviceId' | 'branchId' | 'departmentId' | 'authorizationId',
  id: number,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} where ${col(users[column])} = ${id})`;
}
