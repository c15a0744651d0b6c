import type { Writable } from 'node:stream';
import { GENDER_LABELS, USER_ACCESS_LABELS, USER_EXPORT_COLUMNS } from '@academy/contract';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loadExcel } from '../../platform/excel';
import { badRequest } from '../../platform/http/errors';
import { placeNames } from './place-names';
import { type UserListFilter, userListConditions } from './service';
import { users } from './tables';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows are read in batches (keyset on the sort key and id), so memory stays flat whatever the number of users. */
const BATCH = 1000;

/** The columns the list can be sorted by (the same as GET users); a missing full name sorts as ''. */
const SORT_KEYS = {
  id: sql<number>`${users.id}`,
  employeeCode: sql<string>`${users.employeeCode}`,
  fullName: sql<string>`coalesce(${users.fullName}, '')`,
  email: sql<string>`${users.email}`,
} as const;

type SortKey = keyof typeof SORT_KEYS;
type Cursor = { key: string | number; id: number };

/** `sort=field,dir` of the list, so the file comes in the order the list shows; by id otherwise. */
export function exportSort(sort: string | undefined): { key: SortKey; descending: boolean } {
  if (!sort) return { key: 'id', descending: false };
  const [field = '', direction = 'asc'] = sort.split(',');
  if (!(field in SORT_KEYS)) throw badRequest(`Cannot sort by ${field}`);
  return { key: field as SortKey, descending: direction === 'desc' };
}

function exportBatch(
  db: Db,
  filter: Omit<UserListFilter, 'page' | 'size'>,
  order: ReturnType<typeof exportSort>,
  after: Cursor | undefined,
  batch: number,
) {
  const key = SORT_KEYS[order.key];
  const conditions: SQL[] = [];
  const where = userListConditions(filter);
  if (where) conditions.push(where);
  if (after) {
    // Rows after the cursor: further along the key, or on the same key with a larger id.
    const further = order.descending ? sql`${key} < ${after.key}` : sql`${key} > ${after.key}`;
    conditions.push(sql`(${further} or (${key} = ${after.key} and ${users.id} > ${after.id}))`);
  }
  return db
    .select({
      id: users.id,
      sortKey: key,
      employeeCode: users.employeeCode,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      ...placeNames,
      position: users.position,
      workplace: users.workplace,
      access: users.access,
    })
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(order.descending ? desc(key) : asc(key), asc(users.id))
    .limit(batch);
}

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

/** Words instead of codes, and a real date (a calendar day, at midnight UTC) instead of text. */
function readable(row: ExportRow) {
  return {
    ...row,
    dateOfBirth: row.dateOfBirth ? new Date(`${row.dateOfBirth}T00:00:00Z`) : null,
    gender: row.gender ? (GENDER_LABELS[row.gender as keyof typeof GENDER_LABELS] ?? row.gender) : null,
    access: USER_ACCESS_LABELS[row.access as keyof typeof USER_ACCESS_LABELS] ?? row.access,
  };
}

/**
 * Writes every user matching the filter into an .xlsx on `out`, one row per user, with
 * ExcelJS's streaming writer (rows are committed as they are written).
 */
export async function writeUsersWorkbook(
  db: Db,
  filter: Omit<UserListFilter, 'page' | 'size'>,
  out: Writable,
  batch: number = BATCH,
): Promise<number> {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Users');
  sheet.columns = USER_EXPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  sheet.getColumn('dateOfBirth').numFmt = 'yyyy-mm-dd';
  const order = exportSort(filter.sort);
  let after: Cursor | undefined;
  let written = 0;
  for (;;) {
    const rows = await exportBatch(db, filter, order, after, batch);
    for (const row of rows) {
      sheet.addRow(readable(row)).commit();
      written += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batch) break;
    after = { key: last.sortKey, id: last.id };
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

export function exportFileName(now: Date = new Date()): string {
  return `users-${now.toISOString().slice(0, 10)}.xlsx`;
}
