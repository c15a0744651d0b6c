import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The org columns (and the authorization column) a user is placed by. */
export type PlacementColumn = 'serviceId' | 'branchId' | 'departmentId' | 'authorizationId';

/**
 * The users placed in an org row, as SQL that sits inside org's (and authorizations') own queries,
 * so a list stays one query. The users module provides it and app.ts passes it in: users sit above
 * org (a user row points at its service, branch and department), so org cannot import them.
 */
export type PlacedUsers = {
  /** How many users are placed in the row whose id is `id` (a correlated subquery). */
  usersCountOf(column: PlacementColumn, id: PgColumn): SQL<number>;
  /** True when at least one user is placed in the row (for refusing moves of rows in use). */
  anyUserOf(column: PlacementColumn, id: number): SQL<boolean>;
};
