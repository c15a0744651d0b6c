import type { Db } from './client';

/**
 * A prepared statement built once per database (a test process holds many): drizzle then skips
 * building its SQL on every call, and PostgreSQL keeps its plan per connection. `build` ends with
 * `.prepare(name)`, its parameters given as `sql.placeholder`s.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const statements = new WeakMap<Db, Q>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
