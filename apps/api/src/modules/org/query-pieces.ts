import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { col, type KeyRef, keyRef } from '../../platform/db/sql';
import { branches, departments, services } from './tables';

/**
 * A name's type as SQL: null only when the foreign-key column may be null (always possible for an
 * SQL expression).
 */
type NameOf<C extends KeyRef> = SQL<
  C extends Column ? (C['_']['notNull'] extends true ? string : string | null) : string | null
>;

/**
 * Org data inside another module's query, so its lists stay one query without reading org's
 * tables itself: correlated subqueries on org's primary keys, given that module's foreign-key
 * column (the names also given an SQL expression, such as a CTE's column).
 */
export function serviceNameOf<C extends KeyRef>(serviceId: C): NameOf<C> {
  return sql`(select ${col(services.name)} from ${services} where ${col(services.id)} = ${keyRef(serviceId)})`;
}

export function branchNameOf<C extends KeyRef>(branchId: C): NameOf<C> {
  return sql`(select ${col(branches.name)} from ${branches} where ${col(branches.id)} = ${keyRef(branchId)})`;
}

export function departmentNameOf<C extends KeyRef>(departmentId: C): NameOf<C> {
  return sql`(select ${col(departments.name)} from ${departments} where ${col(departments.id)} = ${keyRef(departmentId)})`;
}

/** The service of the branch in `branchId`. */
export function serviceIdOfBranch(branchId: Column): SQL<number> {
  return sql<number>`(select ${col(branches.serviceId)} from ${branches} where ${col(branches.id)} = ${col(branchId)})`;
}

/** The name of the service of the branch in `branchId`. */
export function serviceNameOfBranch(branchId: Column): SQL<string> {
  return sql<string>`(select ${col(services.name)} from ${branches} inner join ${services} on ${col(services.id)} = ${col(branches.serviceId)} where ${col(branches.id)} = ${col(branchId)})`;
}

/** True when the branch exists. */
export function branchExistsSql(id: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${branches} where ${col(branches.id)} = ${id})`;
}
