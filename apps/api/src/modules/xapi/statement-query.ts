import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentIds, agentKey, parseAgentParam } from './agents';
import { badRequest, XapiError } from './errors';
import { xapiActivities, xapiAttachments, xapiStatements } from './tables';
import { isIri, isObject, isTimestamp, isUuid, type Json, type JsonObject } from './values';

export const MAX_STATEMENTS = 200;

const FILTERS = [
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
] as const;
export const STATEMENT_GET_PARAMS = ['statementId', 'voidedStatementId', 'more', ...FILTERS];

export type Format = 'exact' | 'ids' | 'canonical';
/** A page of statements as the database wrote them (JSON text: parsed only when a format needs it). */
export type StatementPage = { texts: string[]; more: string; attachments: string[] };

function bool(value: string | undefined, name: string): boolean {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`${name} must be true or false`);
}

export function formatOf(params: Record<string, string>): Format {
  const format = params.format ?? 'exact';
  if (format !== 'exact' && format !== 'ids' && format !== 'canonical')
    throw badRequest('format must be exact, ids or canonical');
  return format;
}

export const wantsAttachments = (params: Record<string, string>): boolean =>
  bool(params.attachments, 'attachments');

/** One statement by statementId (not voided) or voidedStatementId (voided only). */
export async function getStatement(db: Db, params: Record<string, string>): Promise<JsonObject> {
  const voided = params.voidedStatementId !== undefined;
  const id = voided ? params.voidedStatementId : params.statementId;
  if (params.statementId !== undefined && params.voidedStatementId !== undefined) {
    throw badRequest('statementId and voidedStatementId cannot be used together');
  }
  for (const name of Object.keys(params)) {
    if (!['statementId', 'voidedStatementId', 'format', 'attachments'].includes(name)) {
      throw badRequest(`${name} cannot be used with ${voided ? 'voidedStatementId' : 'statementId'}`);
    }
  }
  if (!isUuid(id)) throw badRequest('the statement id must be a UUID');
  const [row] = await db
    .select({ statement: xapiStatements.statement })
    .from(xapiStatements)
    .where(and(eq(xapiStatements.id, id.toLowerCase()), eq(xapiStatements.voided, voided)))
    .limit(1);
  if (!row) throw new XapiError(404, 'no such statement');
  return row.statement;
}

type Cursor = { params: Record<string, string>; after: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(token: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
    if (isObject(cursor.params as unknown as Json) && typeof cursor.after === 'number') return cursor;
  } catch {
    // refused below
  }
  throw badRequest('more is not a link this LRS gave');
}

/** The filtered statements, a page at a time, newest stored first unless ascending. */
export async function queryStatements(
  db: Db,
  given: Record<string, string>,
  moreBase: string,
): Promise<StatementPage> {
  const cursor = given.more !== undefined ? decodeCursor(given.more) : undefined;
  const params = cursor ? cursor.params : given;
  const ascending = bool(params.ascending, 'ascending');
  const limitText = params.limit ?? '0';
  if (!/^\d+$/.test(limitText)) throw badRequest('limit must be a whole number');
  const limit = Math.min(Number(limitText) || MAX_STATEMENTS, MAX_STATEMENTS);
  bool(params.related_agents, 'related_agents');
  bool(params.related_activities, 'related_activities');
  formatOf(params);
  wantsAttachments(params);

  // Filters on what a statement is about, on a row named `t` (see statementsMatching).
  const about: Array<(t: SQL) => SQL> = [];
  if (params.agent !== undefined) {
    const key = agentKey(parseAgentParam(params.agent)) as string;
    about.push(
      params.related_agents === 'true'
        ? (t) => sql`${t}.related_agents @> array[${key}]::text[]`
        : (t) => sql`(${t}.actor_key = ${key} or ${t}.object_agent_key = ${key})`,
    );
  }
  if (params.verb !== undefined) {
    const verb = params.verb;
    if (!isIri(verb)) throw badRequest('verb must be an IRI');
    about.push((t) => sql`${t}.verb_id = ${verb}`);
  }
  if (params.activity !== undefined) {
    const activity = params.activity;
    if (!isIri(activity)) throw badRequest('activity must be an IRI');
    about.push(
      params.related_activities === 'true'
        ? (t) => sql`${t}.related_activities @> array[${activity}]::text[]`
        : (t) => sql`${t}.object_activity_id = ${activity}`,
    );
  }
  if (params.registration !== undefined) {
    const registration = params.registration.toLowerCase();
    if (!isUuid(registration)) throw badRequest('registration must be a UUID');
    about.push((t) => sql`${t}.registration = ${registration}::uuid`);
  }
  // Which stored statements, whatever they are about: not voided, stored in the time asked, after the cursor.
  const window: Array<(t: SQL) => SQL> = [(t) => sql`not ${t}.voided`];
  if (params.since !== undefined) {
    if (!isTimestamp(params.since)) throw badRequest('since must be an ISO 8601 timestamp');
    const since = new Date(params.since);
    window.push((t) => sql`${t}.stored > ${since}`);
  }
  if (params.until !== undefined) {
    if (!isTimestamp(params.until)) throw badRequest('until must be an ISO 8601 timestamp');
    const until = new Date(params.until);
    window.push((t) => sql`${t}.stored <= ${until}`);
  }
  if (cursor) {
    const after = cursor.after;
    window.push((t) => (ascending ? sql`${t}.seq > ${after}` : sql`${t}.seq < ${after}`));
  }

  const rows = await statementsMatching(db, { about, window, ascending, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more =
    rows.length > limit && last ? `${moreBase}?more=${encodeCursor({ params, after: last.seq })}` : '';
  return {
    texts: page.map((row) => row.text),
    more,
    attachments: page.flatMap((row) => row.hashes),
  };
}

type Condition = (t: SQL) => SQL;
const all = (conditions: Condition[], t: SQL): SQL =>
  sql.join(
    conditions.map((c) => c(t)),
    sql` and `,
  );

/**
 * The first `limit` statements in `window` that match `about`, or that target one that does
 * through a chain of StatementRefs (voided targets included; Communication 2.1.3), in seq order
 * (decision 157). One statement, merging three scans that each stop after `limit` rows:
 *  - direct: the matches, by the filter's (column, seq) index or seq itself;
 *  - refs: StatementRefs whose target matches — a semi-join the planner runs from the few matches
 *    of a narrow filter (the target index) or from the StatementRefs in order (a partial index),
 *    checking each target by its id, for a broad one. The join picks the refs' seqs from the
 *    covering target index alone, and only the page it keeps is read from the table: joining the
 *    rows themselves read every StatementRef from the heap, ~1,000 pages for one agent (decision 159);
 *  - deep: StatementRefs whose target is itself a StatementRef (rare), each chain walked.
 * When `direct` fills a page, the other two look only at statements before its last row ("edge").
 * Finding every match first and then what refers to them read all 100,000 matches of a common verb
 * over a million statements (12 s). JIT is off for it: the plan's estimated cost (the recursive
 * part) made PostgreSQL compile it, 30-200 ms, for a query that runs in a few.
 */
async function statementsMatching(
  db: Db,
  query: { about: Condition[]; window: Condition[]; ascending: boolean; limit: number },
): Promise<Array<{ seq: number; text: string; hashes: string[] }>> {
  const { limit, ascending } = query;
  const order = ascending ? sql`asc` : sql`desc`;
  const s = sql`s`;
  const r = sql`r`;
  const m = sql`m`;
  const x = sql`x`;
  // The statement as text: a page of 200 is passed on as it is, not parsed and written again.
  const columns = (t: SQL) => sql`${t}.seq, ${t}.statement::text as text, ${t}.attachment_hashes as hashes`;
  const direct = sql`select ${columns(s)} from xapi_statements s
    where ${all([...query.window, ...query.about], s)} order by s.seq ${order} limit ${limit}`;
  const beyond = (t: SQL) =>
    ascending
      ? sql`${t}.seq < coalesce((select seq from edge), 9223372036854775807)`
      : sql`${t}.seq > coalesce((select seq from edge), 0)`;
  const beyondEdge = beyond(r);
  const beyondX = beyond(x);
  const statement =
    query.about.length === 0
      ? direct
      : sql`
          with direct as materialized (${direct}),
          edge as (
            select case when count(*) = ${limit} then ${ascending ? sql`max(seq)` : sql`min(seq)`} end as seq
            from direct
          ),
          deep as materialized (
            select r.seq, r.object_statement_id as target
            from xapi_statements r join xapi_statements t on t.id = r.object_statement_id
            where r.object_statement_id is not null and t.object_statement_id is not null
              and ${all(query.window, r)} and ${beyondEdge}
          )
          select distinct on (seq) * from (
            (select * from direct)
            union all
            (select ${columns(r)} from xapi_statements r
              where r.seq in (
                select x.seq from xapi_statements x
                where x.object_statement_id is not null and ${all(query.window, x)} and ${beyondX}
                  and x.object_statement_id in (select m.id from xapi_statements m where ${all(query.about, m)})
                order by x.seq ${order} limit ${limit})
              order by r.seq ${order} limit ${limit})
            union all
            (select ${columns(r)} from deep d join xapi_statements r on r.seq = d.seq
              where exists (
                with recursive chain(id) as (
                  select d.target
                  union
                  select t.object_statement_id from xapi_statements t join chain c on t.id = c.id
                  where t.object_statement_id is not null
                )
                -- offset 0 keeps the target looked up by its id, not the filter run per chain
                select 1 from chain cross join lateral (
                  select 1 from xapi_statements m where m.id = chain.id and ${all(query.about, m)} offset 0
                ) hit)
              order by r.seq ${order} limit ${limit})
          ) found order by seq ${order} limit ${limit}`;
  type Row = { seq: string | number; text: string; hashes: string[] };
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(statement);
  });
  // Both drivers answer { rows } (the Db type leaves the result's shape open).
  const { rows } = result as unknown as { rows: Row[] };
  return rows.map((row) => ({ seq: Number(row.seq), text: row.text, hashes: row.hashes }));
}

/** Attachment contents by hash, for a multipart answer. */
export async function attachmentContents(db: Db, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(xapiAttachments)
    .where(sql`${xapiAttachments.sha2} = any(${sql.param([...new Set(hashes)])}::text[])`);
}

// ---- formats ----

function languagePick(map: unknown, languages: string[]): Json {
  if (!isObject(map)) return map as Json;
  const tags = Object.keys(map);
  for (const wanted of languages) {
    const tag = tags.find((t) => t.toLowerCase() === wanted || t.toLowerCase().startsWith(`${wanted}-`));
    if (tag) return { [tag]: map[tag] as Json };
  }
  const first = tags[0];
  return first ? { [first]: map[first] as Json } : {};
}

/** Accept-Language as a list of lower-case tags by preference. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((item) => {
      const [tag, ...rest] = item.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*')
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

function walk(value: Json, visit: (object: JsonObject, key: string | undefined) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => walk(item, visit));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) out[key] = walk(item, visit);
  return visit(out, undefined);
}

/** A statement in the format asked for (exact as stored; ids; canonical in the reader's language). */
export async function formatStatements(
  db: Db,
  statements: JsonObject[],
  format: Format,
  languages: string[],
): Promise<JsonObject[]> {
  if (format === 'exact') return statements;
  if (format === 'ids') {
    return statements.map(
      (statement) =>
        walk(statement, (object) => {
          if (
            object.objectType === 'Agent' ||
            object.objectType === 'Group' ||
            object.mbox ||
            object.account ||
            object.openid ||
            object.mbox_sha1sum
          ) {
            if (object.objectType === 'Agent' || object.objectType === 'Group' || agentKey(object))
              return agentIds(object);
          }
          if (
            typeof object.id === 'string' &&
            (object.definition !== undefined || object.objectType === 'Activity')
          ) {
            return { id: object.id };
          }
          if (
            typeof object.id === 'string' &&
            object.display !== undefined &&
            Object.keys(object).length === 2
          ) {
            return { id: object.id };
          }
          return object;
        }) as JsonObject,
    );
  }
  const ids = new Set<string>();
  for (const statement of statements) {
    walk(statement, (object) => {
      if (typeof object.id === 'string' && object.definition !== undefined) ids.add(object.id);
      return object;
    });
  }
  const canonical = new Map<string, JsonObject>();
  if (ids.size > 0) {
    const rows = await db
      .select()
      .from(xapiActivities)
      .where(sql`${xapiActivities.id} = any(${sql.param([...ids])}::text[])`);
    for (const row of rows) if (row.definition) canonical.set(row.id, row.definition);
  }
  const pickLanguages = (object: JsonObject): JsonObject => {
    const out: JsonObject = { ...object };
    for (const key of ['name', 'description', 'display'])
      if (isObject(out[key])) out[key] = languagePick(out[key], languages);
    return out;
  };
  return statements.map(
    (statement) =>
      walk(statement, (object) => {
        if (typeof object.id === 'string' && object.definition !== undefined) {
          const definition = canonical.get(object.id) ?? (object.definition as JsonObject);
          return { ...object, definition: pickLanguages(definition) };
        }
        if (typeof object.id === 'string' && isObject(object.display)) return pickLanguages(object);
        return object;
      }) as JsonObject,
  );
}
