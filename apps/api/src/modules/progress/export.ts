import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  LESSON_STATUS_WORD,
  PACKAGE_EXPORT_COLUMNS,
  PACKAGE_EXPORT_SHEET,
  PACKAGE_KIND_LABELS,
  PROGRESS_EXPORT_COLUMNS,
  PROGRESS_STATUS_WORD,
  STATUS_LABELS,
} from '@academy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Worksheet } from 'exceljs';
import type { Db } from '../../platform/db/client';
import { loadExcel } from '../../platform/excel';
import { wallClock } from '../../platform/wall-clock';
import { lessonOutline } from '../courses';
import { lessonPassedSql } from '../study';
import { learnersSql } from '../users';
import { hasPackageResultsSql, packageResultRows, type RawPackageRow, toPackageResult } from './packages';
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

/**
 * The next batch of matching learner ids after `afterId` (keyset, by id); with `having`, only
 * learners for whom it holds (over `u.id`).
 */
async function nextLearners(
  db: Db,
  filter: ScopedProgressFilter,
  afterId: number,
  having: SQL = sql`true`,
): Promise<number[]> {
  const result = await db.execute(sql`
    select u.id from (${learnersSql(learnerFilter(filter))}) u
    where u.id > ${afterId} and ${having}
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
 * Runs `write` over the matching learners in batches of EXPORT_BATCH (keyset by id; with
 * `having`, only those learners), waiting for `out` to drain between batches.
 */
async function inBatches(
  db: Db,
  filter: ScopedProgressFilter,
  out: Writable,
  write: (ids: number[]) => Promise<void>,
  having?: SQL,
): Promise<void> {
  let afterId = 0;
  for (;;) {
    const ids = await nextLearners(db, filter, afterId, having);
    if (ids.length === 0) break;
    await write(ids);
    afterId = ids.at(-1) ?? afterId;
    if (!(await drained(out))) throw new Error('the export download was closed');
    if (ids.length < EXPORT_BATCH) break;
  }
}

/**
 * The second sheet (issue 25, point 5): the SCORM and cmi5 lessons these learners launched, in the
 * courses of the first sheet's rows (same filters), with each package's status, score, time and
 * attempts, and whether study counts the lesson passed. One statement per batch.
 */
async function writePackageRows(
  db: Db,
  filter: ScopedProgressFilter,
  ids: number[],
  sheet: Worksheet,
  local: (value: string | null) => Date | null,
): Promise<void> {
  const lesson = lessonOutline();
  const result = await db.execute(sql`
    with ${gradedCtes(db, filter, { userIds: ids })},
    packages as (${packageResultRows('learners')})
    select p.*, u.employee_code, u.full_name, g.course_name, ${lesson.name} as lesson_name,
      ${lessonPassedSql(sql`p.user_id`, sql`p.lesson_id`)} as lesson_passed
    from packages p
    join graded g on g.user_id = p.user_id and g.course_id = p.course_id and ${rowFilter(filter)}
    join learners u on u.id = p.user_id
    join ${lesson} on ${lesson.id} = p.lesson_id
    order by p.user_id, lower(g.course_name), g.course_id, ${lesson.topicPosition}, ${lesson.topicId}, ${lesson.position}, p.lesson_id`);
  type Raw = RawPackageRow & {
    employee_code: string;
    full_name: string | null;
    course_name: string;
    lesson_name: string;
    lesson_passed: boolean | null;
  };
  for (const raw of rowsOf<Raw>(result)) {
    const p = toPackageResult(raw);
    sheet
      .addRow({
        employeeCode: raw.employee_code,
        fullName: raw.full_name,
        courseName: raw.course_name,
        lessonName: raw.lesson_name,
        kind: PACKAGE_KIND_LABELS[p.kind],
        status: STATUS_LABELS[LESSON_STATUS_WORD[p.status]],
        lessonPassed: raw.lesson_passed ? 'Yes' : 'No',
        score: p.scorePercent === null ? null : p.scorePercent / 100,
        time: p.totalSeconds / 86_400,
        attempts: p.attempts,
        attemptsAllowed: p.maxAttempts === null ? null : p.maxAttempts === 0 ? 'Unlimited' : p.maxAttempts,
        lastAt: local(p.lastAt),
      })
      .commit();
  }
}

/**
 * Writes the filtered report as an .xlsx on `out`: the sheet "Progress", one row per learner and
 * course, learners by id and each learner's courses by name; then the sheet "Package lessons",
 * their SCORM and cmi5 lessons, in a second pass over only the learners who launched one (a
 * streaming workbook writes its sheets one after the other: rows of a second sheet written beside
 * the first would wait in memory). ExcelJS's streaming WorkbookWriter commits rows as they are
 * written (no shared strings table) and `out` is waited for between batches, so a slow download
 * holds the database reads back instead of filling memory. Returns the rows of the first sheet.
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
  // A number a spreadsheet can sum and sort, shown as a percentage.
  sheet.getColumn('percent').numFmt = '0%';
  let written = 0;
  await inBatches(db, filter, out, async (ids) => {
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
          percent: row.percent / 100,
          status: STATUS_LABELS[PROGRESS_STATUS_WORD[row.status]],
          assigned: row.assigned ? 'Yes' : 'No',
          startedAt: local(row.startedAt),
          lastStudiedAt: local(row.lastStudiedAt),
          finishedAt: local(row.finishedAt),
        })
        .commit();
      written += 1;
    }
  });
  sheet.commit();

  const packages = workbook.addWorksheet(PACKAGE_EXPORT_SHEET);
  packages.columns = PACKAGE_EXPORT_COLUMNS.map((c) => ({
    header: c.key === 'lastAt' ? `${c.header} (${timeZone})` : c.header,
    key: c.key,
    width: c.width,
  }));
  packages.getRow(1).font = { bold: true };
  packages.getRow(1).commit();
  packages.getColumn('score').numFmt = '0%';
  packages.getColumn('time').numFmt = '[h]:mm:ss';
  packages.getColumn('lastAt').numFmt = 'yyyy-mm-dd hh:mm';
  await inBatches(
    db,
    filter,
    out,
    (ids) => writePackageRows(db, filter, ids, packages, local),
    hasPackageResultsSql(sql`u.id`),
  );
  packages.commit();
  await workbook.commit();
  return written;
}

export function exportFileName(now: Date = new Date()): string {
  return `progress-${now.toISOString().slice(0, 10)}.xlsx`;
}
