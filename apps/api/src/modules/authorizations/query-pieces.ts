import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { authorizations } from './tables';

/** A column's value type as SQL: null only when the foreign-key column may be null. */
type Nullable<C extends Column, T> = SQL<C['_']['notNull'] extends true ? T : T | null>;

/** The authorization's name inside another module's query (a correlated subquery on the key). */
export function authorizationNameOf<C extends Column>(authorizationId: C): Nullable<C, string> {
  return sql`(select ${col(authorizations.name)} from ${authorizations} where ${col(authorizations.id)} = ${col(authorizationId)})`;
}

/** True when the authorization exists. */
export function authorizationExistsSql(id: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${authorizations} where ${col(authorizations.id)} = ${id})`;
}

/** The authorization's permission keys inside another module's query (null without one). */
export function authorizationPermissionsOf(authorizationId: Column): SQL<string[] | null> {
  return sql<
    string[] | null
  >`(select ${col(authorizations.permissions)} from ${authorizations} where ${col(authorizations.id)} = ${col(authorizationId)})`;
}

/**
 * Where the authorization's management scope lies (platform/http/scope.ts `scopeOf`): its service
 * and its branch, inside another module's query (null without an authorization).
 */
export function authorizationServiceIdOf(authorizationId: Column): SQL<number | null> {
  return sql<
    number | null
  >`(select ${col(authorizations.serviceId)} from ${authorizations} where ${col(authorizations.id)} = ${col(authorizationId)})`;
}

export function authorizationBranchIdOf(authorizationId: Column): SQL<number | null> {
  return sql<
    number | null
  >`(select ${col(authorizations.branchId)} from ${authorizations} where ${col(authorizations.id)} = ${col(authorizationId)})`;
}

/** Every authorization's id, name, keys and place, in one query (resolving names in an import). */
export async function authorizationDirectory(db: Db) {
  return db
    .select({
      id: authorizations.id,
      name: authorizations.name,
      permissions: authorizations.permissions,
      serviceId: authorizations.serviceId,
      branchId: authorizations.branchId,
    })
    .from(authorizations);
}
