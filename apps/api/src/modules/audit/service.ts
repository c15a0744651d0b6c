import type { Writable } from 'node:stream';
import type { AuditAction, TAuditEvent, TAuditEventQuery, TAuditFilters } from '@academy/contract';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loadExcel } from '../../platform/excel';
import type { AuditEntry } from '../../platform/http/audit-trail';
import { pageWindow } from '../../platform/http/pagination';
import { auditEvents } from './tables';

/** Events per INSERT: 9 parameters each stays well under PostgreSQL's 65,535 per statement. */
const APPEND_BATCH = 1000;

/** Appends events: one statement per thousand (a bulk action's or an import's). */
export async function appendAuditEvents(db: Db, entries: AuditEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += APPEND_BATCH) {
    await db.insert(auditEvents).values(
      entries.slice(at, at + APPEND_BATCH).map((entry) => ({
        actorId: entry.actorId,
        actorCode: entry.actorCode,
        ip: entry.ip,
        requestId: entry.requestId,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        route: entry.route,
        changes: entry.changes,
      })),
    );
  }
}

function conditions(filter: TAuditFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filter.actor) where.push(sql`lower(${auditEvents.actorCode}) = lower(${filter.actor})`);
  if (filter.entityType) where.push(eq(auditEvents.entityType, filter.entityType));
  if (filter.entityId) where.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (filter.from) where.push(gte(auditEvents.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(auditEvents.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  return where.length ? and(...where) : undefined;
}

type Row = typeof auditEvents.$inferSelect;

function toEvent(row: Row): TAuditEvent {
  return { ...row, at: row.at.toISOString(), action: row.action as AuditAction };
}

/** GET audit-events: newest first, one page and the total. Two statements. */
export async function listAuditEvents(
  db: Db,
  query: TAuditEventQuery,
): Promise<{ rows: TAuditEvent[]; total: number }> {
  const where = conditions(query);
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows: rows.map(toEvent), total: counted?.n ?? 0 };
}

const EXPORT_BATCH = 1000;
/** The export stops at this many rows; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/** The filtered events as an .xlsx on `out`, newest first, streamed in batches (keyset on id). */
export async function writeAuditWorkbook(db: Db, filter: TAuditFilters, out: Writable): Promise<void> {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Audit log');
  sheet.columns = [
    { header: 'When (UTC)', key: 'at', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { header: 'Employee code', key: 'actorCode', width: 16 },
    { header: 'IP', key: 'ip', width: 16 },
    { header: 'Action', key: 'action', width: 10 },
    { header: 'Entity', key: 'entityType', width: 18 },
    { header: 'Entity id', key: 'entityId', width: 10 },
    { header: 'Route', key: 'route', width: 32 },
    { header: 'Changes', key: 'changes', width: 80 },
    { header: 'Request id', key: 'requestId', width: 38 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const where = conditions(filter);
  let beforeId: number | undefined;
  let written = 0;
  while (written < AUDIT_EXPORT_LIMIT) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(where, beforeId === undefined ? undefined : lt(auditEvents.id, beforeId)))
      .orderBy(desc(auditEvents.id))
      .limit(EXPORT_BATCH);
    for (const row of rows) {
      sheet.addRow({ ...row, changes: JSON.stringify(row.changes) }).commit();
    }
    written += rows.length;
    if (rows.length < EXPORT_BATCH) break;
    beforeId = rows[rows.length - 1]?.id;
  }
  await workbook.commit();
}

/** Deletes events older than `days` days (the retention setting); the only way one goes. */
export async function pruneAuditEvents(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('academy.audit_prune', 'on', true)`);
    // Counted in the database: a first prune of a large table would return millions of ids.
    const result = await tx.execute(sql`
      with gone as (delete from ${auditEvents} where ${auditEvents.at} < ${cutoff} returning 1)
      select count(*)::int as n from gone`);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  });
}
