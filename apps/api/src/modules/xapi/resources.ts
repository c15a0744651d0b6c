import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentKey, parseAgentParam, person } from './agents';
import { authenticate, type ClientScope, type XapiClient } from './credentials';
import {
  checkDocumentParams,
  type DocumentKind,
  deleteDocuments,
  readDocuments,
  writeDocument,
} from './documents';
import { badRequest, XapiError } from './errors';
import { checkVersion, type LrsRequest, notAllowed } from './lrs-request';
import { boundaryOf, buildMultipart, parseMultipart } from './multipart';
import {
  acceptedLanguages,
  attachmentContents,
  formatOf,
  formatStatements,
  getStatement,
  queryStatements,
  STATEMENT_GET_PARAMS,
  wantsAttachments,
} from './statement-query';
import { type StatementGuard, storeStatements } from './statement-store';
import { xapiActivities } from './tables';
import { isIri, isObject, type Json, type JsonObject } from './values';

export const XAPI_VERSION = '1.0.3';

export type LrsReply = { status: number; headers?: Record<string, string>; body?: Buffer | string | Json };

export type LrsContext = {
  db: Db;
  publicUrl: string;
  prefix: string;
  /** The rules launch credentials' statements obey (cmi5); without it they may not write. */
  guard?: StatementGuard;
};

/** The state document the LMS writes before a cmi5 launch; the AU must not change it. */
export const LAUNCH_DATA_STATE = 'LMS.LaunchData';

const outOfScope = (what: string) => new XapiError(403, `this launch may ${what}`);

/** The agent a request names is the launch's learner, or 403. */
function ownAgent(params: Record<string, string>, scope: ClientScope, what: string): void {
  if (params.agent === undefined) return; // the resource's own check asks for it
  if (agentKey(parseAgentParam(params.agent)) !== scope.agentKey) throw outOfScope(what);
}

/**
 * What a launch credential may read and write besides statements (decision 118): its learner's
 * state in its registration (never LMS.LaunchData), its learner's agent profile, and the
 * activity profile of its own activity (others it may read).
 */
function checkDocumentScope(kind: DocumentKind, request: LrsRequest, scope: ClientScope): void {
  const params = request.params;
  const writes = request.method === 'PUT' || request.method === 'POST' || request.method === 'DELETE';
  if (kind === 'state') {
    ownAgent(params, scope, "use its own learner's state only");
    if ((params.registration ?? '').toLowerCase() !== scope.registration) {
      throw outOfScope('use the state of its own registration only');
    }
    if (writes && params.activityId === scope.activityId) {
      if (params.stateId === LAUNCH_DATA_STATE || params.stateId === undefined) {
        throw outOfScope(`not change ${LAUNCH_DATA_STATE}`);
      }
    }
  } else if (kind === 'agent') {
    ownAgent(params, scope, "use its own learner's profile only");
  } else if (writes && params.activityId !== scope.activityId) {
    throw outOfScope("write its own activity's profile only");
  }
}

const json = (body: Json, status = 200, headers: Record<string, string> = {}): LrsReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
/** JSON already written as text. */
const jsonText = (body: string, headers: Record<string, string>): LrsReply => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body,
});
const noContent = (): LrsReply => ({ status: 204 });

function onlyParams(params: Record<string, string>, allowed: string[]): void {
  for (const name of Object.keys(params))
    if (!allowed.includes(name)) throw badRequest(`unknown parameter ${name}`);
}

function parseJson(body: Buffer): Json {
  try {
    return JSON.parse(body.toString('utf8')) as Json;
  } catch {
    throw badRequest('the body is not valid JSON');
  }
}

async function client(ctx: LrsContext, request: LrsRequest): Promise<XapiClient> {
  const caller = await authenticate(ctx.db, request.headers.authorization);
  checkVersion(request.headers.version);
  const writes = request.method === 'PUT' || request.method === 'POST' || request.method === 'DELETE';
  if (writes ? !caller.canWrite : !caller.canRead) {
    throw new XapiError(403, `this key may not ${writes ? 'write to' : 'read'} the LRS`);
  }
  return caller;
}

export async function about(request: LrsRequest): Promise<LrsReply> {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw notAllowed(request.method);
  onlyParams(request.params, []);
  return json({ version: ['1.0.3', '1.0.2', '1.0.1', '1.0.0'], extensions: {} });
}

export async function statements(ctx: LrsContext, request: LrsRequest): Promise<LrsReply> {
  const caller = await client(ctx, request);
  const consistent = { 'x-experience-api-consistent-through': new Date().toISOString() };
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return readStatements(ctx, request, consistent, caller.scope);
    case 'PUT': {
      onlyParams(request.params, ['statementId']);
      if (request.params.statementId === undefined) throw badRequest('PUT needs statementId');
      const { statements: list, parts } = statementBody(request);
      if (list.length !== 1) throw badRequest('PUT takes one statement');
      const given = list[0] as Record<string, unknown>;
      if (given && typeof given === 'object' && given.id === undefined) given.id = request.params.statementId;
      await storeStatements(ctx.db, list, {
        client: caller,
        homePage: ctx.publicUrl,
        parts,
        requireId: request.params.statementId,
        guard: ctx.guard,
      });
      return noContent();
    }
    case 'POST': {
      onlyParams(request.params, []);
      const { statements: list, parts } = statementBody(request);
      const ids = await storeStatements(ctx.db, list, {
        client: caller,
        homePage: ctx.publicUrl,
        parts,
        guard: ctx.guard,
      });
      return json(ids);
    }
    default:
      throw notAllowed(request.method);
  }
}

/** The statements of a PUT or POST body: JSON, or multipart/mixed with attachments. */
function statementBody(request: LrsRequest): {
  statements: unknown[];
  parts: ReturnType<typeof parseMultipart>;
} {
  const type = request.headers.contentType;
  let first: Buffer = request.body;
  let parts: ReturnType<typeof parseMultipart> = [];
  if (/^multipart\/mixed\b/i.test(type)) {
    const all = parseMultipart(request.body, boundaryOf(type));
    const head = all[0];
    if (!head || !/^application\/json\b/i.test(head.headers['content-type'] ?? '')) {
      throw badRequest('the first part must be the statements as application/json');
    }
    first = head.body;
    parts = all.slice(1);
  } else if (!/^application\/json\b/i.test(type)) {
    throw badRequest('statements are sent as application/json or multipart/mixed');
  }
  const value = parseJson(first);
  return { statements: Array.isArray(value) ? value : [value], parts };
}

async function readStatements(
  ctx: LrsContext,
  request: LrsRequest,
  headers: Record<string, string>,
  scope: ClientScope | null,
): Promise<LrsReply> {
  onlyParams(request.params, STATEMENT_GET_PARAMS);
  // A launch credential reads its own learner's statements only: a query is about them.
  const single = request.params.statementId !== undefined || request.params.voidedStatementId !== undefined;
  if (scope && !single) {
    ownAgent(request.params, scope, "read its own learner's statements only");
    request.params.agent ??= JSON.stringify(scope.actor);
  }
  const format = formatOf(request.params);
  const languages = acceptedLanguages(request.headers.acceptLanguage);
  const attachments = wantsAttachments(request.params);
  let result: Json | string;
  let hashes: string[];
  if (request.params.statementId !== undefined || request.params.voidedStatementId !== undefined) {
    const statement = await getStatement(ctx.db, request.params);
    if (scope && (!isObject(statement.actor) || agentKey(statement.actor) !== scope.agentKey)) {
      throw new XapiError(404, 'no such statement');
    }
    const [formatted] = await formatStatements(ctx.db, [statement], format, languages);
    result = formatted as Json;
    hashes = ((statement.attachments as Array<{ sha2: string }> | undefined) ?? []).map((a) => a.sha2);
    headers['last-modified'] = new Date(String(statement.stored)).toUTCString();
  } else {
    const page = await queryStatements(ctx.db, request.params, `${ctx.prefix}/statements`);
    // As stored, the statements' text goes out as it is (a page of 200 is some 200 KB of JSON).
    result =
      format === 'exact'
        ? `{"statements":[${page.texts.join(',')}],"more":${JSON.stringify(page.more)}}`
        : {
            statements: await formatStatements(
              ctx.db,
              page.texts.map((text) => JSON.parse(text) as JsonObject),
              format,
              languages,
            ),
            more: page.more,
          };
    hashes = page.attachments;
  }
  if (!attachments)
    return typeof result === 'string' ? jsonText(result, headers) : json(result, 200, headers);
  const contents = await attachmentContents(ctx.db, hashes);
  const { contentType, body } = buildMultipart([
    {
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)),
    },
    ...contents.map((row) => ({
      headers: {
        'Content-Type': row.contentType,
        'Content-Transfer-Encoding': 'binary',
        'X-Experience-API-Hash': row.sha2,
      },
      body: row.content,
    })),
  ]);
  return { status: 200, headers: { ...headers, 'content-type': contentType }, body };
}

export async function documents(ctx: LrsContext, kind: DocumentKind, request: LrsRequest): Promise<LrsReply> {
  const caller = await client(ctx, request);
  checkDocumentParams(kind, request.params);
  if (caller.scope) checkDocumentScope(kind, request, caller.scope);
  const pre = { ifMatch: request.headers.ifMatch, ifNoneMatch: request.headers.ifNoneMatch };
  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      const found = await readDocuments(ctx.db, kind, request.params);
      if ('ids' in found) return json(found.ids);
      const { one } = found;
      return {
        status: 200,
        headers: {
          'content-type': one.contentType,
          etag: one.etag,
          'last-modified': one.updated.toUTCString(),
        },
        body: one.content,
      };
    }
    case 'PUT':
    case 'POST':
      await writeDocument(
        ctx.db,
        kind,
        request.method,
        request.params,
        { contentType: request.headers.contentType, content: request.body },
        pre,
      );
      return noContent();
    case 'DELETE':
      await deleteDocuments(ctx.db, kind, request.params, pre);
      return noContent();
    default:
      throw notAllowed(request.method);
  }
}

export async function activities(ctx: LrsContext, request: LrsRequest): Promise<LrsReply> {
  await client(ctx, request);
  if (request.method !== 'GET' && request.method !== 'HEAD') throw notAllowed(request.method);
  onlyParams(request.params, ['activityId']);
  const id = request.params.activityId;
  if (!isIri(id)) throw badRequest('activityId must be an IRI');
  const [row] = await ctx.db.select().from(xapiActivities).where(eq(xapiActivities.id, id)).limit(1);
  return json({
    objectType: 'Activity',
    id,
    ...(row?.definition ? { definition: row.definition as Json } : {}),
  });
}

export async function agents(ctx: LrsContext, request: LrsRequest): Promise<LrsReply> {
  await client(ctx, request);
  if (request.method !== 'GET' && request.method !== 'HEAD') throw notAllowed(request.method);
  onlyParams(request.params, ['agent']);
  if (request.params.agent === undefined) throw badRequest('agent is required');
  return json(person(parseAgentParam(request.params.agent)));
}
