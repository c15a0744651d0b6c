import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many named statements one PGlite keeps; the least recently used is closed beyond it. */
export const STATEMENT_CACHE_SIZE = 200;

/** Texts seen once are remembered (up to this many) so that the second sighting prepares them. */
const SEEN_ONCE_LIMIT = 2_000;

/** What drizzle sends that is worth preparing: reads and writes (not BEGIN, SET, SAVEPOINT…). */
const PREPARABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

/** SQLSTATE of "cached plan must not change result type". */
const STALE_RESULT_TYPE = '0A000';

type Statement = { name: string; paramTypes: number[] };

/**
 * PGlite's `query()` parses and plans its statement again on every call (an unnamed statement),
 * and drizzle ignores `.prepare(name)` on PGlite. Planning is most of a read's cost there (the
 * study tree: 8 ms of CPU a call, 2 ms once prepared; decision 174), so this wraps a PGlite
 * instance: a statement text run a second time becomes a named prepared statement of the
 * backend, kept in a least-recently-used cache, and later calls only bind and execute it (with
 * PostgreSQL's own choice between custom and generic plans, as node-postgres gets with named
 * statements). Results, errors and locking are PGlite's own: the same parsers and serializers,
 * the same mutexes, the same error objects. Everything else is the PGlite instance itself.
 */
export function withStatementCache(pg: PGlite, size = STATEMENT_CACHE_SIZE): PGlite {
  const cache = new StatementCache(pg, size);
  return new Proxy(pg, {
    get(target, property) {
      if (property === 'query') return cache.query;
      if (property === 'transaction') return cache.transaction;
      if (property === 'statementCache') return cache;
      const value = Reflect.get(target, property, target);
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The cache behind a wrapped instance (tests look at it). */
export function statementCacheOf(pg: PGlite): StatementCache | undefined {
  return (pg as PGlite & { statementCache?: StatementCache }).statementCache;
}

export class StatementCache {
  /** Prepared statements by text, least recently used first (a Map keeps insertion order). */
  private readonly statements = new Map<string, Statement>();
  private readonly seenOnce = new Set<string>();
  private nextId = 0;

  constructor(
    private readonly pg: PGlite,
    private readonly size: number,
  ) {}

  /** The texts prepared now, least recently used first. */
  preparedTexts(): string[] {
    return [...this.statements.keys()];
  }

  readonly query = async <T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (!this.worthPreparing(text, options)) return this.pg.query<T>(text, params, options);
    await this.pg._checkReady();
    return this.pg._runExclusiveTransaction(() => this.run<T>(text, params ?? [], options));
  };

  readonly transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    this.pg.transaction((tx) => callback(this.inTransaction(tx)));

  /** The transaction's own object, its `query` going through the cache (under the lock it holds). */
  private inTransaction(tx: Transaction): Transaction {
    return new Proxy(tx, {
      get: (target, property) => {
        if (property !== 'query') return Reflect.get(target, property, target);
        return async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
          if (!this.worthPreparing(text, options) || target.closed)
            return target.query<T>(text, params, options);
          return this.run<T>(text, params ?? [], options);
        };
      },
    });
  }

  /**
   * Whether to run `text` as a named statement: a read or write (not BEGIN, SET, SAVEPOINT…; not
   * a COPY to or from a blob) prepared already or seen before. The first time is PGlite's own
   * unnamed path, so that a text built once (literals in it) costs no statement.
   */
  private worthPreparing(text: string, options?: QueryOptions): boolean {
    if (options?.blob || !PREPARABLE.test(text)) return false;
    if (this.statements.has(text) || this.seenOnce.delete(text)) return true;
    if (this.seenOnce.size >= SEEN_ONCE_LIMIT) this.seenOnce.clear();
    this.seenOnce.add(text);
    return false;
  }

  /** Binds and executes the statement of `text` (prepared first if need be) under PGlite's query lock. */
  private run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.pg._runExclusiveQuery(async () => {
      let statement = this.statements.get(text);
      if (statement) {
        // Most recently used last.
        this.statements.delete(text);
        this.statements.set(text, statement);
      } else {
        statement = await this.prepare(text, options);
      }
      try {
        return await this.execute<T>(statement, text, params, options);
      } catch (err) {
        // A table changed under the statement so that its rows change shape ("cached plan must
        // not change result type"): prepared again, and run again unless a transaction failed.
        if ((err as { code?: string }).code !== STALE_RESULT_TYPE) throw err;
        await this.forget(text);
        if (this.pg.isInTransaction()) throw err;
        return this.execute<T>(await this.prepare(text, options), text, params, options);
      }
    });
  }

  private async prepare(text: string, options?: QueryOptions): Promise<Statement> {
    const name = `academy_s${++this.nextId}`;
    let paramTypes: number[];
    try {
      await this.send(serialize.parse({ name, text, types: options?.paramTypes }));
      paramTypes = parse.parseDescribeStatementResults(
        await this.send(serialize.describe({ type: 'S', name })),
      );
    } catch (err) {
      throw withQuery(err, text, [], options);
    } finally {
      await this.send(serialize.sync());
    }
    const statement = { name, paramTypes };
    this.statements.set(text, statement);
    if (this.statements.size > this.size) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) await this.forget(oldest);
    }
    return statement;
  }

  private async execute<T>(
    statement: Statement,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const messages = [];
    try {
      const values = this.values(params, statement.paramTypes, options);
      messages.push(...(await this.send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await this.send(serialize.describe({ type: 'P' }))));
      messages.push(...(await this.send(serialize.execute({}))));
    } catch (err) {
      throw withQuery(err, text, params, options);
    } finally {
      messages.push(...(await this.send(serialize.sync())));
    }
    return this.results<T>(messages, options);
  }

  private async forget(text: string): Promise<void> {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    try {
      await this.send(serialize.close({ type: 'S', name: statement.name }));
    } finally {
      await this.send(serialize.sync());
    }
  }

  /** Parameters as text, serialised by their types as PGlite's `query()` does. */
  private values(params: unknown[], types: number[], options?: QueryOptions): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = types[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
  }

  private async results<T>(messages: Parameters<typeof parse.parseResults>[0], options?: QueryOptions) {
    // As after PGlite's own queries: its file systems may have writes to flush.
    if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    return parse.parseResults(messages, this.pg.parsers, options)[0] as Results<T>;
  }

  private send(message: Uint8Array) {
    return this.pg.execProtocolStream(message, { syncToFs: false });
  }
}

/** The query and its parameters on the error, as PGlite's own query errors carry them. */
function withQuery(err: unknown, query: string, params: unknown[], options?: QueryOptions): unknown {
  if (err instanceof Error && 'code' in err) Object.assign(err, { query, params, queryOptions: options });
  return err;
}
