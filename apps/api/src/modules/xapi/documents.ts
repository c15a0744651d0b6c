import { createHash } from 'node:crypto';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentKey, parseAgentParam } from './agents';
import { badRequest, XapiError } from './errors';
import { xapiDocuments } from './tables';
import { isIri, isObject, isTimestamp, isUuid } from './values';

/**
 * The three document resources (xAPI 1.0.3, Communication 2.2–2.7): state, activity profile and
 * agent profile. A document is any content under an id; JSON objects can be merged by POST.
 */
export type DocumentKind = 'state' | 'activity' | 'agent';

type Scope = { activityId: string; agentKey: string; registration: string };
export type Stored = { contentType: string; content: Buffer; etag: string; updated: Date };

const ID_PARAM: Record<DocumentKind, string> = {
  state: 'stateId',
  activity: 'profileId',
  agent: 'profileId',
};
const ALLOWED: Record<DocumentKind, string[]> = {
  state: ['activityId', 'agent', 'registration', 'stateId', 'since'],
  activity: ['activityId', 'profileId', 'since'],
  agent: ['agent', 'profileId', 'since'],
};

export function checkDocumentParams(kind: DocumentKind, params: Record<string, string>): void {
  for (const name of Object.keys(params)) {
    if (!ALLOWED[kind].includes(name)) throw badRequest(`unknown parameter ${name}`);
  }
}

function scopeOf(kind: DocumentKind, params: Record<string, string>): Scope {
  const scope: Scope = { activityId: '', agentKey: '', registration: '' };
  if (kind !== 'agent') {
    if (!isIri(params.activityId)) throw badRequest('activityId must be an IRI');
    scope.activityId = params.activityId;
  }
  if (kind !== 'activity') {
    if (params.agent === undefined) throw badRequest('agent is required');
    scope.agentKey = agentKey(parseAgentParam(params.agent)) as string;
  }
  if (kind === 'state' && params.registration !== undefined) {
    if (!isUuid(params.registration)) throw badRequest('registration must be a UUID');
    scope.registration = params.registration.toLowerCase();
  }
  return scope;
}

function where(kind: DocumentKind, scope: Scope, docId?: string): SQL {
  const conditions = [
    eq(xapiDocuments.kind, kind),
    eq(xapiDocuments.activityId, scope.activityId),
    eq(xapiDocuments.agentKey, scope.agentKey),
    eq(xapiDocuments.registration, scope.registration),
  ];
  if (docId !== undefined) conditions.push(eq(xapiDocuments.docId, docId));
  return and(...conditions) as SQL;
}

export const etagOf = (content: Buffer): string => `"${createHash('sha1').update(content).digest('hex')}"`;

/** The document's id parameter, required for writes. */
function docIdOf(kind: DocumentKind, params: Record<string, string>, required: boolean): string | undefined {
  const id = params[ID_PARAM[kind]];
  if (required && (id === undefined || id === '')) throw badRequest(`${ID_PARAM[kind]} is required`);
  return id;
}

async function current(db: Db, kind: DocumentKind, scope: Scope, docId: string): Promise<Stored | undefined> {
  const [row] = await db
    .select({
      contentType: xapiDocuments.contentType,
      content: xapiDocuments.content,
      etag: xapiDocuments.etag,
      updated: xapiDocuments.updated,
    })
    .from(xapiDocuments)
    .where(where(kind, scope, docId))
    .limit(1);
  return row;
}

export type Preconditions = { ifMatch?: string; ifNoneMatch?: string };

/**
 * If-Match / If-None-Match (Communication 3.1): a mismatch is 412. Profiles (not state) must send
 * one of them to overwrite an existing document with PUT, else 409.
 */
function checkPreconditions(
  kind: DocumentKind,
  method: string,
  before: Stored | undefined,
  pre: Preconditions,
): void {
  if (pre.ifMatch !== undefined) {
    const tags = pre.ifMatch.split(',').map((t) => t.trim());
    if (!before || !(tags.includes('*') || tags.includes(before.etag)))
      throw new XapiError(412, 'the document has changed');
  }
  if (pre.ifNoneMatch !== undefined) {
    const tags = pre.ifNoneMatch.split(',').map((t) => t.trim());
    if (before && (tags.includes('*') || tags.includes(before.etag)))
      throw new XapiError(412, 'the document already exists');
  }
  // Profiles are written with a precondition (the conformance suite refuses a bare PUT with 400,
  // and the specification a bare PUT over an existing document with 409).
  if (kind !== 'state' && method === 'PUT' && pre.ifMatch === undefined && pre.ifNoneMatch === undefined) {
    if (before)
      throw new XapiError(409, 'the document exists: send If-Match with its ETag, or If-None-Match');
    throw badRequest('a profile is written with If-Match or If-None-Match');
  }
}

function parseJsonObject(content: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(content.toString('utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const isJsonType = (contentType: string) => /^application\/json\b/i.test(contentType);

/** PUT replaces, POST merges JSON objects (both sides must be JSON objects). */
export async function writeDocument(
  db: Db,
  kind: DocumentKind,
  method: 'PUT' | 'POST',
  params: Record<string, string>,
  body: { contentType: string; content: Buffer },
  pre: Preconditions,
): Promise<void> {
  const scope = scopeOf(kind, params);
  const docId = docIdOf(kind, params, true) as string;
  await db.transaction(async (tx) => {
    const before = await current(tx, kind, scope, docId);
    checkPreconditions(kind, method, before, pre);
    let content = body.content;
    let contentType = body.contentType || 'application/octet-stream';
    if (method === 'POST') {
      const incoming = isJsonType(contentType) ? parseJsonObject(content) : undefined;
      if (isJsonType(contentType) && !incoming) throw badRequest('a POSTed document must be a JSON object');
      if (before) {
        const existing = isJsonType(before.contentType) ? parseJsonObject(before.content) : undefined;
        if (!incoming || !existing) throw badRequest('only JSON objects can be merged by POST');
        content = Buffer.from(JSON.stringify({ ...existing, ...incoming }));
        contentType = 'application/json';
      }
    }
    const row = { kind, ...scope, docId, contentType, content, etag: etagOf(content), updated: new Date() };
    await tx
      .insert(xapiDocuments)
      .values(row)
      .onConflictDoUpdate({
        target: [
          xapiDocuments.kind,
          xapiDocuments.activityId,
          xapiDocuments.agentKey,
          xapiDocuments.registration,
          xapiDocuments.docId,
        ],
        set: { contentType, content, etag: row.etag, updated: row.updated },
      });
  });
}

/** One document, or the ids of the scope's documents (optionally changed since a time). */
export async function readDocuments(
  db: Db,
  kind: DocumentKind,
  params: Record<string, string>,
): Promise<{ one: Stored } | { ids: string[] }> {
  const scope = scopeOf(kind, params);
  const docId = docIdOf(kind, params, false);
  if (docId !== undefined) {
    if (params.since !== undefined) throw badRequest('since is only for listing ids');
    const one = await current(db, kind, scope, docId);
    if (!one) throw new XapiError(404, 'no such document');
    return { one };
  }
  const conditions = [where(kind, scope)];
  if (params.since !== undefined) {
    if (!isTimestamp(params.since)) throw badRequest('since must be an ISO 8601 timestamp');
    conditions.push(gt(xapiDocuments.updated, new Date(params.since)));
  }
  const rows = await db
    .select({ docId: xapiDocuments.docId })
    .from(xapiDocuments)
    .where(and(...conditions))
    .orderBy(asc(xapiDocuments.docId));
  return { ids: rows.map((row) => row.docId) };
}

/** Deletes one document, or (state only) every document of the scope. */
export async function deleteDocuments(
  db: Db,
  kind: DocumentKind,
  params: Record<string, string>,
  pre: Preconditions,
): Promise<void> {
  const scope = scopeOf(kind, params);
  const docId = docIdOf(kind, params, kind !== 'state');
  if (params.since !== undefined) throw badRequest('since is only for listing ids');
  await db.transaction(async (tx) => {
    if (docId !== undefined) {
      const before = await current(tx, kind, scope, docId);
      checkPreconditions(kind, 'DELETE', before, pre);
    }
    await tx.delete(xapiDocuments).where(where(kind, scope, docId));
  });
}
