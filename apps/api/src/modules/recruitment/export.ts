import type { Writable } from 'node:stream';
import { APPLICATION_EXPORT_COLUMNS, type TApplicationListQuery } from '@academy/contract';
import { and, asc, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loadExcel } from '../../platform/excel';
import { fullNameOf } from '../users';
import { applicationConditions } from './applications';
import { postForApplying } from './posts';
import { recruitmentApplications } from './tables';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows are read in batches by id, so memory stays flat whatever the number of applications. */
const BATCH = 1000;

const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  DISAPPROVED: 'Disapproved',
};

function exportBatch(
  db: Db,
  postId: number,
  filter: Pick<TApplicationListQuery, 'q' | 'status'>,
  afterId: number,
) {
  return db
    .select({
      id: recruitmentApplications.id,
      fullName: recruitmentApplications.fullName,
      email: recruitmentApplications.email,
      phone: recruitmentApplications.phone,
      message: recruitmentApplications.message,
      status: recruitmentApplications.status,
      formName: recruitmentApplications.formName,
      createdAt: recruitmentApplications.createdAt,
      reviewedAt: recruitmentApplications.reviewedAt,
      reviewedBy: fullNameOf(recruitmentApplications.reviewedById),
    })
    .from(recruitmentApplications)
    .where(and(applicationConditions(postId, filter), gt(recruitmentApplications.id, afterId)))
    .orderBy(asc(recruitmentApplications.id))
    .limit(BATCH);
}

/** The post (404 when unknown) and a file name for its export. */
export async function exportTarget(db: Db, postId: number, now: Date = new Date()) {
  const post = await postForApplying(db, postId);
  const slug = post.vacancy
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return { post, fileName: `applications-${slug || post.id}-${now.toISOString().slice(0, 10)}.xlsx` };
}

/** Writes a post's applications (filtered like the list) into an .xlsx on `out`, streaming. */
export async function writeApplicationsWorkbook(
  db: Db,
  postId: number,
  vacancy: string,
  filter: Pick<TApplicationListQuery, 'q' | 'status'>,
  out: Writable,
): Promise<number> {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Applications');
  sheet.columns = APPLICATION_EXPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  // Title row, then the header row.
  const title = sheet.addRow([vacancy]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const header = sheet.addRow(APPLICATION_EXPORT_COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let afterId = 0;
  let written = 0;
  for (;;) {
    const rows = await exportBatch(db, postId, filter, afterId);
    for (const row of rows) {
      written += 1;
      sheet
        .addRow({
          id: written,
          fullName: row.fullName,
          email: row.email,
          phone: row.phone,
          message: row.message ?? '',
          status: STATUS_LABELS[row.status] ?? row.status,
          hasApplicationForm: row.formName ? 'Yes' : 'No',
          createdAt: row.createdAt,
          reviewedAt: row.reviewedAt ?? '',
          reviewedBy: row.reviewedBy ?? '',
        })
        .commit();
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    afterId = last.id;
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
