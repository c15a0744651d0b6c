import { Column, getTableName, is, type SQL, sql } from 'drizzle-orm';

/**
 * `"table"."column"`, always qualified. Drizzle writes columns inside `sql` templates without
 * their table when a query has a single table, which silently changes what a correlated
 * subquery such as `(select count(*) from lessons where topic_id = id)` means.
 */
export function col(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * A key a query piece looks a row up by: a column (always qualified, as `col()`), or an SQL
 * expression used as it is (`u.branch_id` of a CTE).
 */
export type KeyRef = Column | SQL;

export function keyRef(key: KeyRef): SQL {
  return is(key, Column) ? col(key) : key;
}

/**
 * How many rows an `execute`d insert, update or delete changed, on either engine: node-postgres
 * answers `rowCount`, PGlite `affectedRows` (and no `rowCount`).
 */
export function changedRows(result: unknown): number {
  const answer = result as { rowCount?: number | null; affectedRows?: number };
  return answer.rowCount ?? answer.affectedRows ?? 0;
}
