import { createHash, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentKey } from './agents';
import type { ClientScope, XapiClient } from './credentials';
import { badRequest, XapiError } from './errors';
import type { Part } from './multipart';
import { checkSignature } from './signature';
import { checkStatement, SIGNATURE_USAGE, VOIDED_VERB } from './statement-check';
import { statementFacts } from './statement-facts';
import { xapiActivities, xapiAttachments, xapiStatements } from './tables';
import { isObject, type JsonObject } from './values';

/** The authority the LRS writes on statements a client stores: the client's own account. */
export function authorityOf(client: XapiClient, homePage: string): JsonObject {
  return { objectType: 'Agent', name: client.name, account: { homePage, name: client.key } };
}

/** Fields the LRS sets, left out when two statements with one id are compared. */
function comparable(statement: JsonObject, withTimestamp: boolean): JsonObject {
  const { stored: _s, authority: _a, version: _v, timestamp, ...rest } = statement;
  return withTimestamp && timestamp !== undefined ? { ...rest, timestamp } : rest;
}

/** Raw attachment parts by their SHA-2, checked against the hash header. */
function attachmentParts(parts: Part[]): Map<string, Part> {
  const byHash = new Map<string, Part>();
  for (const part of parts) {
    const hash = part.headers['x-experience-api-hash'];
    if (!hash) throw badRequest('every attachment part needs an X-Experience-API-Hash header');
    if ((part.headers['content-transfer-encoding'] ?? '').toLowerCase() !== 'binary') {
      throw badRequest('every attachment part needs Content-Transfer-Encoding: binary');
    }
    const actual = createHash('sha256').update(part.body).digest('hex');
    if (actual !== hash.toLowerCase())
      throw badRequest('an attachment part does not match its X-Experience-API-Hash');
    byHash.set(actual, part);
  }
  return byHash;
}

/**
 * What a launch credential's statements must obey besides xAPI (the cmi5 rules; app.ts hands the
 * cmi5 module's in, decision 118). It runs inside the storing transaction on the statements being
 * added, in order, once they are written: it may refuse them (an XapiError, which rolls the batch
 * back), write rows of its own, and answer work to do once the transaction has committed.
 */
export type StatementGuard = (
  tx: Db,
  statements: JsonObject[],
  scope: ClientScope,
) => Promise<(() => Promise<void>) | undefined>;

const forbidden = (message: string) => new XapiError(403, message);

/** A launch credential writes statements about its own learner and registration only, and voids nothing. */
function checkScope(statements: JsonObject[], scope: ClientScope): void {
  for (const statement of statements) {
    const actor = isObject(statement.actor) ? agentKey(statement.actor) : null;
    if (actor !== scope.agentKey)
      throw forbidden('this launch may write statements about its own learner only');
    const context = isObject(statement.context) ? statement.context : {};
    const registration = typeof context.registration === 'string' ? context.registration.toLowerCase() : null;
    if (registration !== scope.registration) {
      throw forbidden('this launch may write statements of its own registration only');
    }
    if (isObject(statement.verb) && statement.verb.id === VOIDED_VERB) {
      throw forbidden('a launch credential may not void statements');
    }
  }
}

/**
 * Validates and stores statements (one request's worth) all or nothing, and answers their ids.
 * A statement whose id is already stored is left alone when it is the same statement and refused
 * with 409 otherwise. Voiding statements mark their targets voided (never another voiding one).
 */
export async function storeStatements(
  db: Db,
  input: unknown[],
  options: {
    client: XapiClient;
    homePage: string;
    parts: Part[];
    requireId?: string;
    guard?: StatementGuard;
  },
): Promise<string[]> {
  const raw = attachmentParts(options.parts);
  const statements = input.map((value) => checkStatement(value));
  const scope = options.client.scope;
  if (scope) {
    checkScope(statements, scope);
    if (!options.guard) throw forbidden('launch credentials are not accepted here');
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  const usedHashes = new Set<string>();
  for (const statement of statements) {
    if (statement.id === undefined) statement.id = randomUUID();
    const id = String(statement.id).toLowerCase();
    if (seen.has(id)) throw badRequest(`statement id ${id} appears twice in one request`);
    seen.add(id);
    ids.push(id);
    for (const attachment of (statement.attachments as JsonObject[] | undefined) ?? []) {
      const hash = String(attachment.sha2).toLowerCase();
      if (attachment.usageType === SIGNATURE_USAGE) {
        const part = raw.get(hash);
        if (!part) throw badRequest('a signature attachment must be sent as a part');
        await checkSignature(statement, part.body, String(attachment.contentType));
      }
      if (raw.has(hash)) usedHashes.add(hash);
      else if (attachment.fileUrl === undefined)
        throw badRequest(`attachment ${hash} is neither sent nor linked`);
    }
  }
  for (const hash of raw.keys()) {
    if (!usedHashes.has(hash)) throw badRequest('an attachment part belongs to no statement');
  }
  if (options.requireId && ids[0] !== options.requireId.toLowerCase()) {
    throw badRequest('statementId does not match the statement id');
  }

  const after = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: xapiStatements.id, statement: xapiStatements.statement })
      .from(xapiStatements)
      .where(sql`${xapiStatements.id} = any(${sql.param(ids)}::uuid[])`);
    const stored = new Map(existing.map((row) => [row.id.toLowerCase(), row.statement]));
    const now = new Date();
    const authority = authorityOf(options.client, options.homePage);
    const rows: (typeof xapiStatements.$inferInsert)[] = [];
    for (const statement of statements) {
      const id = String(statement.id).toLowerCase();
      const before = stored.get(id);
      if (before) {
        const withTimestamp = statement.timestamp !== undefined;
        if (
          !isDeepStrictEqual(
            comparable(before, withTimestamp),
            comparable({ ...statement, id: before.id ?? id }, withTimestamp),
          )
        ) {
          throw new XapiError(409, `statement ${id} is already stored with other content`);
        }
        continue;
      }
      statement.stored = now.toISOString();
      statement.authority = authority;
      statement.version ??= '1.0.0';
      statement.timestamp ??= statement.stored;
      const facts = statementFacts(statement);
      rows.push({
        id,
        stored: now,
        statement,
        ...facts,
        attachmentHashes: ((statement.attachments as JsonObject[] | undefined) ?? []).map((a) =>
          String(a.sha2).toLowerCase(),
        ),
        credentialId: options.client.id,
      });
    }
    if (rows.length > 0) {
      await tx.insert(xapiStatements).values(rows);
      await markVoided(tx, rows);
      await keepActivities(tx, rows);
      const parts = [...usedHashes].map((sha2) => {
        const part = raw.get(sha2) as Part;
        return {
          sha2,
          contentType: part.headers['content-type'] ?? 'application/octet-stream',
          content: part.body,
        };
      });
      if (parts.length > 0) await tx.insert(xapiAttachments).values(parts).onConflictDoNothing();
    }
    // The launch's rules see the statements in order once they are written (so what the guard
    // writes itself, e.g. "satisfied", comes after them); a refusal rolls everything back.
    return scope && options.guard && rows.length > 0
      ? options.guard(
          tx,
          rows.map((row) => row.statement),
          scope,
        )
      : undefined;
  });
  if (after) await after();
  return ids;
}

/** Statements targeted by a voiding statement become voided (a voiding one never does). */
async function markVoided(tx: Db, rows: (typeof xapiStatements.$inferInsert)[]): Promise<void> {
  const touched = rows.flatMap((row) =>
    row.voiding && row.objectStatementId ? [row.objectStatementId, row.id] : [row.id],
  );
  await tx.execute(sql`
    update xapi_statements t set voided = true
    where t.id = any(${sql.param(touched)}::uuid[]) and not t.voiding and not t.voided
      and exists (select 1 from xapi_statements v where v.voiding and v.object_statement_id = t.id)`);
}

/** Language maps of a definition merge by language; everything else takes the latest value. */
function mergeDefinition(before: JsonObject, after: JsonObject): JsonObject {
  const out: JsonObject = { ...before };
  for (const [key, value] of Object.entries(after)) {
    const old = out[key];
    out[key] =
      (key === 'name' || key === 'description') && isObject(old) && isObject(value)
        ? { ...old, ...value }
        : value;
  }
  return out;
}

/** Keeps the canonical definition of every activity the statements describe: all it has been told. */
async function keepActivities(tx: Db, rows: (typeof xapiStatements.$inferInsert)[]): Promise<void> {
  const definitions = new Map<string, JsonObject>();
  const collect = (activity: unknown) => {
    if (!isObject(activity) || typeof activity.id !== 'string') return;
    if ((activity.objectType ?? 'Activity') !== 'Activity' || !isObject(activity.definition)) return;
    definitions.set(activity.id, mergeDefinition(definitions.get(activity.id) ?? {}, activity.definition));
  };
  for (const row of rows) {
    const statement = row.statement;
    collect(statement.object);
    if (isObject(statement.object) && statement.object.objectType === 'SubStatement')
      collect(statement.object.object);
    const contextActivities = isObject(statement.context) ? statement.context.contextActivities : undefined;
    if (isObject(contextActivities))
      for (const list of Object.values(contextActivities)) for (const a of list as unknown[]) collect(a);
  }
  if (definitions.size === 0) return;
  const known = await tx
    .select()
    .from(xapiActivities)
    .where(sql`${xapiActivities.id} = any(${sql.param([...definitions.keys()])}::text[])`);
  for (const row of known) {
    const latest = definitions.get(row.id);
    if (latest && row.definition) definitions.set(row.id, mergeDefinition(row.definition, latest));
  }
  await tx
    .insert(xapiActivities)
    .values([...definitions].map(([id, definition]) => ({ id, definition })))
    .onConflictDoUpdate({
      target: xapiActivities.id,
      set: { definition: sql`excluded.definition`, updated: sql`now()` },
    });
}
