import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { PROGRESS_EXPORT_COLUMNS, PROGRESS_STATUS_LABELS } from '@academy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loadExcel } from '../../platform/excel';
import { wallClock } from '../../platform/wall-clock';
import { learnersSql } from '../users';
import {
  gradedCtes,
  learnerFilter,
  type RawRow,
  rowColumns,
  rowFilter,
  rowJoins,
  rowsOf,
  type ScopedProgressFilter,
  toRow,
} from './report';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Learners per batch. Each batch is two statements (the next learner ids, then their rows), so
 * memory holds one batch of rows at a time whatever the size of the report.
 */
export const EXPORT_BATCH = 500;

/** The next batch of matching learner ids after `afterId` (keyset, by id). */
async function nextLearners(db: Db, filter: ScopedProgressFilter, afterId: number): Promise<number[]> {
  const result = await db.execute(sql`
    select u.id from (${learnersSql(learnerFilter(filter))}) u
    where u.id > ${afterId}
    order by u.id limit ${EXPORT_BATCH}`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** Waits until `out` can take more; false when it was closed instead (the client went away). */
async function drained(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  const controller = new AbortController();
  try {
    const wait = (event: 'drain' | 'close') =>
      once(out, event, { signal: controller.signal }).then(
        () => event,
        () => 'aborted',
      );
    const event = await Promise.race([wait('drain'), wait('close')]);
    return event === 'drain' && !out.destroyed;
  } finally {
    controller.abort();
  }
}

const TIME_COLUMNS = new Set(['startedAt', 'lastStudiedAt', 'finishedAt']);

/**
 * Writes the filtered report as an .xlsx on `out`, one row per learner and course, learners by id
 * and each learner's courses by name, with ExcelJS's streaming WorkbookWriter (rows are committed
 * as they are written, no shared strings table). Waits for `out` to drain between batches, so a
 * slow download holds the database reads back instead of filling memory. Returns the rows written.
 */
export async function writeProgressWorkbook(
  db: Db,
  filter: ScopedProgressFilter,
  out: Writable,
  timeZone: string,
): Promise<number> {
  const local = (value: string | null) => (value ? wallClock(new Date(value), timeZone) : null);
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Progress');
  sheet.columns = PROGRESS_EXPORT_COLUMNS.map((c) => ({
    header: TIME_COLUMNS.has(c.key) ? `${c.header} (${timeZone})` : c.header,
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const key of TIME_COLUMNS) sheet.getColumn(key).numFmt = 'yyyy-mm-dd hh:mm';
  let written = 0;
  let afterId = 0;
  for (;;) {
    const ids = await nextLearners(db, filter, afterId);
    if (ids.length === 0) break;
    const result = await db.execute(sql`
      with ${gradedCtes(db, filter, { userIds: ids })}
      select ${rowColumns} from graded g ${rowJoins}
      where ${rowFilter(filter)}
      order by g.user_id, lower(g.course_name), g.course_id`);
    for (const raw of rowsOf<RawRow>(result)) {
      const row = toRow(raw);
      sheet
        .addRow({
          ...row,
          status: PROGRESS_STATUS_LABELS[row.status],
          assigned: row.assigned ? 'Yes' : 'No',
          startedAt: local(row.startedAt),
          lastStudiedAt: local(row.lastStudiedAt),
          finishedAt: local(row.finishedAt),
        })
        .commit();
      written += 1;
    }
    afterId = ids.at(-1) ?? afterId;
    if (!(await drained(out))) throw new Error('the export download was closed');
    if (ids.length < EXPORT_BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

export function exportFileName(now: Date = new Date()): string {
  return `progress-${now.toISOString().slice(0, 10)}.xlsx`;
}
