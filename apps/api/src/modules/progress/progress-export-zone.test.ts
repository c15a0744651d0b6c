import type { TProgressRow } from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/** Issue 20: the progress export tells time in the configured zone (TIME_ZONE) and says which. */
let t: TestApp;
let admin: ApiClient;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Asia/Ho_Chi_Minh' } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  const built = await buildCourse(admin, [[0]], { name: 'Zoned export course' });
  courseId = built.course.id;
  const learner = await makeUser(t.app);
  const opened = await learner.client.post(`user-lesson/update-status/${built.topics[0]?.lessons[0]?.id}`);
  expect(opened.statusCode, opened.body).toBe(200);
});
afterAll(() => t.close());

it('writes the times of the progress export in the configured time zone, named in the header', async () => {
  const [row] = (await admin.get(`progress?courseId=${courseId}`)).json() as TProgressRow[];
  const response = await admin.get(`progress/export?courseId=${courseId}`);
  expect(response.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const startedColumn = headers.indexOf('Started (Asia/Ho_Chi_Minh)') + 1;
  expect(startedColumn).toBeGreaterThan(0);
  const started = sheet.getRow(2).getCell(startedColumn).value as Date;
  // Excel has no zones: the cell holds Ho Chi Minh City's wall clock, 7 hours ahead of UTC.
  const utc = new Date(row?.startedAt ?? '');
  expect(Math.round((started.getTime() - utc.getTime()) / 1000)).toBe(7 * 3600);
});
