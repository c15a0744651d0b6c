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

/**
 * A statement of `preparedPerDatabase`, run on a transaction's connection. Drizzle binds a
 * prepared statement to the connection it was built on (the pool), and a transaction has a
 * connection of its own, so statements inside transactions were built again on every call —
 * most of drizzle's cost for a submission's lock. The copy shares everything with the prepared
 * statement but the driver client, which it takes from the transaction's session. This relies on
 * drizzle's node-postgres and PGlite sessions and prepared queries both keeping their driver
 * client in `client` (drizzle-orm 0.45; `prepared.test.ts` runs it on both engines).
 */
export function onTransaction<Q extends object>(prepared: Q, tx: Db): Q {
  // Drizzle's internals: the transaction's session and its client are not in its types.
  const session = (tx as unknown as { session?: { client?: unknown } }).session;
  if (!session?.client || !('client' in prepared)) {
    throw new Error('drizzle no longer keeps its driver client where onTransaction looks');
  }
  return Object.create(prepared, { client: { value: session.client } }) as Q;
}
