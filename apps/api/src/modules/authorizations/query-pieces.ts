import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { authorizations } from './tables';

/** The authorization's name inside another module's query (a correlated subquery on the key). */
export function authorizationNameOf(authorizationId: Column): SQL<string> {
  return sql<string>`(select ${col(authorizations.name)} from ${authorizations} where ${col(authorizations.id)} = ${col(authorizationId)})`;
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
