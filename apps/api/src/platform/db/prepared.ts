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
 * statement but the driver client (and logger), which it takes from the transaction's session.
 * This relies on drizzle's node-postgres and PGlite sessions and prepared queries both keeping
 * their driver client in `client` (drizzle-orm 0.45; `prepared.test.ts` runs it on both engines).
 */
export function onTransaction<Q extends object>(prepared: Q, tx: Db): Q {
  return withClient(prepared, driverSession(tx));
}

/**
 * A prepared statement for code that gets only its caller's handle — the database or a
 * transaction, of another module (an event handler, a write called inside an exam submission):
 * built once per engine on the first caller, then run on each caller's own connection (the pool,
 * or the transaction's) as `onTransaction` does. `build` ends with `.prepare(name)`, its parameters
 * given as `sql.placeholder`s; nothing else of the first caller may go into it.
 */
export function sharedStatement<Q extends object>(build: (db: Db) => Q): (caller: Db) => Q {
  // By the session's class: node-postgres and PGlite build different prepared queries.
  const statements = new WeakMap<object, Q>();
  return (caller) => {
    const session = driverSession(caller);
    const statement = statements.get(session.constructor);
    if (statement) return withClient(statement, session);
    const built = build(caller);
    statements.set(session.constructor, built);
    return built;
  };
}

/** What a prepared query takes from its session; the rest (its SQL, fields, name) is the statement's. */
type DriverSession = { client: unknown; logger?: unknown; cache?: unknown };

/** Drizzle's internals: a database's or transaction's session and its client are not in its types. */
function driverSession(db: Db): DriverSession {
  const session = (db as unknown as { session?: DriverSession }).session;
  if (!session?.client) {
    throw new Error('drizzle no longer keeps its driver client where platform/db/prepared.ts looks');
  }
  return session;
}

/**
 * The prepared statement on the caller's session: its driver client, and its logger and cache
 * (another database of the same engine — a test's — may have built the statement).
 */
function withClient<Q extends object>(prepared: Q, session: DriverSession): Q {
  if (!('client' in prepared)) {
    throw new Error('drizzle no longer keeps its driver client where platform/db/prepared.ts looks');
  }
  const own: PropertyDescriptorMap = { client: { value: session.client } };
  if ('logger' in prepared && session.logger) own.logger = { value: session.logger };
  if ('cache' in prepared && session.cache) own.cache = { value: session.cache };
  return Object.create(prepared, own) as Q;
}
