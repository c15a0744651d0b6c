import type { Writable } from 'node:stream';
import {
  type TXapiStatementFilters,
  type TXapiStatementQuery,
  type TXapiStatementRow,
  XAPI_EXPORT_LIMIT,
} from '@academy/contract';
import { and, desc, eq, gt, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loadExcel } from '../../platform/excel';
import { badRequest } from '../../platform/http/errors';
import { pageWindow } from '../../platform/http/pagination';
import { agentKey, parseAgentParam } from './agents';
import { XapiError } from './errors';
import { xapiCredentials, xapiStatements } from './tables';
import { isIri, isObject, type JsonObject } from './values';

/**
 * The statements report (issue 26, point 5; decision 156): administrators read what the LRS holds
 * by actor, verb, activity and when it was stored, a page at a time, and export it. Voided
 * statements are left out, as the LRS's own queries leave them out.
 */

/**
 * The actor a report filter names, as the key statements are filed by: an agent as JSON, an email
 * (mbox), or else an employee code — the account on the academy that its own statements and cmi5
 * launches use.
 */
export function actorFilterKey(text: string, publicUrl: string): string {
  if (text.startsWith('{')) {
    try {
      return agentKey(parseAgentParam(text, 'actor')) as string;
    } catch (err) {
      throw err instanceof XapiError ? badRequest(err.message) : err;
    }
  }
  if (/^mailto:/i.test(text)) return `mbox:${text.toLowerCase()}`;
  if (text.includes('@')) return `mbox:mailto:${text.toLowerCase()}`;
  return `account:${publicUrl}|${text}`;
}

function conditions(filter: TXapiStatementFilters, publicUrl: string): SQL | undefined {
  const where: SQL[] = [eq(xapiStatements.voided, false)];
  if (filter.actor) where.push(eq(xapiStatements.actorKey, actorFilterKey(filter.actor, publicUrl)));
  for (const [name, value] of [
    ['verb', filter.verb],
    ['activity', filter.activity],
  ] as const) {
    if (value && !isIri(value))
      throw badRequest(`The ${name} must be an IRI, e.g. http://adlnet.gov/expapi/verbs/completed`);
  }
  if (filter.verb) where.push(eq(xapiStatements.verbId, filter.verb));
  if (filter.activity) where.push(eq(xapiStatements.objectActivityId, filter.activity));
  if (filter.since) where.push(gt(xapiStatements.stored, new Date(filter.since)));
  if (filter.until) where.push(lte(xapiStatements.stored, new Date(filter.until)));
  return and(...where);
}

const ROW_COLUMNS = {
  seq: xapiStatements.seq,
  id: xapiStatements.id,
  stored: xapiStatements.stored,
  statement: xapiStatements.statement,
  source: xapiCredentials.name,
};
type Stored = { seq: number; id: string; stored: Date; statement: JsonObject; source: string | null };

/** A language map read in English when it has it, else in its first language. */
function display(map: unknown): string | null {
  if (!isObject(map)) return null;
  const tags = Object.keys(map);
  const tag =
    tags.find((t) => t.toLowerCase() === 'en-us') ??
    tags.find((t) => t.toLowerCase().startsWith('en')) ??
    tags[0];
  const value = tag ? map[tag] : undefined;
  return typeof value === 'string' ? value : null;
}

/** How a person recognises an agent: the employee code for the academy's accounts, else its identifier. */
function agentLabel(agent: JsonObject, publicUrl: string): string {
  if (typeof agent.mbox === 'string') return agent.mbox.replace(/^mailto:/i, '');
  if (isObject(agent.account)) {
    const { homePage, name } = agent.account;
    return homePage === publicUrl ? String(name) : `${String(name)} (${String(homePage)})`;
  }
  if (typeof agent.openid === 'string') return agent.openid;
  if (typeof agent.mbox_sha1sum === 'string') return `sha1:${agent.mbox_sha1sum}`;
  const members = Array.isArray(agent.member) ? agent.member.length : 0;
  return `Group of ${members}`;
}

const orNull = <T>(value: unknown, type: 'boolean' | 'number' | 'string'): T | null =>
  typeof value === type ? (value as T) : null;

function toRow(row: Stored, publicUrl: string): TXapiStatementRow {
  const s = row.statement;
  const actor = isObject(s.actor) ? s.actor : {};
  const verb = isObject(s.verb) ? s.verb : {};
  const object = isObject(s.object) ? s.object : {};
  const type = typeof object.objectType === 'string' ? object.objectType : 'Activity';
  const definition = isObject(object.definition) ? object.definition : {};
  const result = isObject(s.result) ? s.result : null;
  const score = result && isObject(result.score) ? result.score : {};
  const context = isObject(s.context) ? s.context : {};
  return {
    id: row.id,
    stored: row.stored.toISOString(),
    timestamp: orNull<string>(s.timestamp, 'string'),
    actor: { name: orNull<string>(actor.name, 'string'), id: agentLabel(actor, publicUrl) },
    verb: { id: String(verb.id ?? ''), display: display(verb.display) },
    object: {
      type,
      id:
        type === 'Agent' || type === 'Group'
          ? agentLabel(object, publicUrl)
          : type === 'SubStatement'
            ? 'SubStatement'
            : String(object.id ?? ''),
      name:
        type === 'Agent' || type === 'Group'
          ? orNull<string>(object.name, 'string')
          : display(definition.name),
    },
    result: result
      ? {
          success: orNull<boolean>(result.success, 'boolean'),
          completion: orNull<boolean>(result.completion, 'boolean'),
          scaled: orNull<number>(score.scaled, 'number'),
          duration: orNull<string>(result.duration, 'string'),
        }
      : null,
    registration: orNull<string>(context.registration, 'string'),
    source: row.source,
    statement: s,
  };
}

function selectStored(db: Db) {
  return db
    .select(ROW_COLUMNS)
    .from(xapiStatements)
    .leftJoin(xapiCredentials, eq(xapiCredentials.id, xapiStatements.credentialId));
}

/**
 * The report counts this many matches at most (decision 156): counting the 300,000 statements of a
 * common verb among a million took 1.6 s (each one's row is read to leave voided ones out).
 */
export const STATEMENT_COUNT_CAP = 10_000;

/**
 * GET xapi/statements: one page, newest stored first, and the total up to the cap (`more`: there
 * are more matches than that). Two statements.
 */
export async function listStatementRows(
  db: Db,
  publicUrl: string,
  query: TXapiStatementQuery,
): Promise<{ rows: TXapiStatementRow[]; total: number; more: boolean }> {
  const where = conditions(query, publicUrl);
  const { limit, offset } = pageWindow(query);
  const [rows, counted] = await Promise.all([
    selectStored(db).where(where).orderBy(desc(xapiStatements.seq)).limit(limit).offset(offset),
    db.execute(sql`select count(*)::int as n from (
      select 1 from ${xapiStatements} where ${where} limit ${STATEMENT_COUNT_CAP + 1}) capped`),
  ]);
  // Both drivers answer { rows } (the Db type leaves the result's shape open).
  const n = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  return {
    rows: rows.map((row) => toRow(row, publicUrl)),
    total: Math.min(n, STATEMENT_COUNT_CAP),
    more: n > STATEMENT_COUNT_CAP,
  };
}

const EXPORT_BATCH = 1000;

/** The filtered statements in batches of a thousand, newest first (keyset on seq), up to the limit. */
async function* exportBatches(db: Db, publicUrl: string, filter: TXapiStatementFilters) {
  const where = conditions(filter, publicUrl);
  let before: number | undefined;
  let written = 0;
  while (written < XAPI_EXPORT_LIMIT) {
    const rows = await selectStored(db)
      .where(and(where, before === undefined ? undefined : lt(xapiStatements.seq, before)))
      .orderBy(desc(xapiStatements.seq))
      .limit(Math.min(EXPORT_BATCH, XAPI_EXPORT_LIMIT - written));
    if (rows.length > 0) yield rows;
    written += rows.length;
    if (rows.length < EXPORT_BATCH) return;
    before = rows[rows.length - 1]?.seq;
  }
}

/** Checks the filters before anything is streamed, so that a bad one is a 400 and not a broken file. */
export function checkStatementFilters(filter: TXapiStatementFilters, publicUrl: string): void {
  conditions(filter, publicUrl);
}

/** The filtered statements as an .xlsx on `out`: a row each, what a person reads, streamed. */
export async function writeStatementsWorkbook(
  db: Db,
  publicUrl: string,
  filter: TXapiStatementFilters,
  out: Writable,
): Promise<void> {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Statements');
  sheet.columns = [
    { header: 'Stored (UTC)', key: 'stored', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { header: 'Timestamp', key: 'timestamp', width: 26 },
    { header: 'Actor', key: 'actorName', width: 24 },
    { header: 'Actor id', key: 'actorId', width: 28 },
    { header: 'Verb', key: 'verb', width: 14 },
    { header: 'Verb id', key: 'verbId', width: 42 },
    { header: 'Object', key: 'objectName', width: 32 },
    { header: 'Object id', key: 'objectId', width: 50 },
    { header: 'Success', key: 'success', width: 9 },
    { header: 'Completion', key: 'completion', width: 11 },
    { header: 'Score', key: 'scaled', width: 9, style: { numFmt: '0%' } },
    { header: 'Duration', key: 'duration', width: 12 },
    { header: 'Registration', key: 'registration', width: 38 },
    { header: 'Source', key: 'source', width: 20 },
    { header: 'Statement id', key: 'id', width: 38 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of exportBatches(db, publicUrl, filter)) {
    for (const stored of rows) {
      const row = toRow(stored, publicUrl);
      sheet
        .addRow({
          stored: stored.stored,
          timestamp: row.timestamp,
          actorName: row.actor.name,
          actorId: row.actor.id,
          verb: row.verb.display,
          verbId: row.verb.id,
          objectName: row.object.name,
          objectId: row.object.id,
          success: row.result?.success ?? null,
          completion: row.result?.completion ?? null,
          scaled: row.result?.scaled ?? null,
          duration: row.result?.duration ?? null,
          registration: row.registration,
          source: row.source ?? 'Academy',
          id: row.id,
        })
        .commit();
    }
  }
  await workbook.commit();
}

/** The filtered statements exactly as stored, as one JSON array on `out`, streamed. */
export async function writeStatementsJson(
  db: Db,
  publicUrl: string,
  filter: TXapiStatementFilters,
  out: Writable,
): Promise<void> {
  let first = true;
  out.write('[');
  for await (const rows of exportBatches(db, publicUrl, filter)) {
    if (out.destroyed) return; // the download was abandoned
    const text = rows.map((row) => JSON.stringify(row.statement)).join(',\n');
    const ok = out.write(first ? `\n${text}` : `,\n${text}`);
    first = false;
    if (!ok) {
      await new Promise((resolve) => {
        out.once('drain', resolve);
        out.once('close', resolve);
      });
    }
  }
  out.end(first ? ']' : '\n]');
}
