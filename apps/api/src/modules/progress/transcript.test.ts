import { type TCertificate, type TMyProgress, TRANSCRIPT_MESSAGES } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { formData } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { blankPdf, readPdf } from '../certificates/testing';
import { setupExam, takeExam } from '../exams/testing';
import { lessonProgress } from '../study/tables';
import { users } from '../users/tables';

/*
 * GET my-transcript (decision 94): the learner's own record as a PDF or a workbook. E1002 is the
 * learner (renamed to a Vietnamese name), E1003 a colleague whose record must never show up.
 */

const NAME = 'Nguyễn Thị Thu Hà';
const COURSE = 'Kỹ năng giao tiếp với khách hàng';
const OTHER_NAME = 'Zacharias Otherlearner';
const OTHER_COURSE = 'Zacharias private course';

let t: TestApp;
let admin: ApiClient;
let learner: ApiClient;
let learnerId: number;
let other: ApiClient;
let certificate: TCertificate;

async function idOf(client: ApiClient): Promise<number> {
  return ((await client.get('users/info')).json() as { id: number }).id;
}

/** A certified course of two lessons without minimum study time, opened (so passed) by `who`. */
async function finishCertifiedCourse(who: ApiClient, name: string): Promise<{ lessons: number[] }> {
  const { topics } = await buildCourse(admin, [[0, 0]], { name, certificateId: String(certificate.id) });
  const lessons = (topics[0]?.lessons ?? []).map((l) => l.id);
  for (const id of lessons) {
    const res = await who.post(`user-lesson/update-status/${id}`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { lessons };
}

async function issuedCodes(who: ApiClient): Promise<string[]> {
  return ((await who.get('my-certificates')).json() as { code: string }[]).map((c) => c.code);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  const coordinator = await clientAs(t.app, 'E1009');
  const created = await coordinator.post(
    'certificates',
    formData(
      { name: 'Customer care award' },
      { file: [await blankPdf(), 'template.pdf', 'application/pdf'] },
    ),
  );
  expect(created.statusCode, created.body).toBe(201);
  certificate = created.json();

  learner = await clientAs(t.app, 'E1002');
  learnerId = await idOf(learner);
  other = await clientAs(t.app, 'E1003');
  await t.database.db.update(users).set({ fullName: NAME }).where(eq(users.id, learnerId));
  await t.database.db.update(users).set({ fullName: OTHER_NAME }).where(eq(users.employeeCode, 'E1003'));

  const finished = await finishCertifiedCourse(learner, COURSE);
  // 65 minutes of study credited in the first lesson.
  await t.database.db
    .update(lessonProgress)
    .set({ creditedSeconds: 3900 })
    .where(and(eq(lessonProgress.userId, learnerId), eq(lessonProgress.lessonId, finished.lessons[0] ?? 0)));

  const exam = await setupExam(admin, { required: 2 });
  expect((await takeExam(learner, exam.examId, 0)).passed).toBe(false);
  expect((await takeExam(learner, exam.examId, 2)).passed).toBe(true);

  await finishCertifiedCourse(other, OTHER_COURSE);
  expect(await issuedCodes(other)).toHaveLength(1);
}, 120_000);
afterAll(() => t.close());

describe('my transcript', () => {
  it('as a PDF: the Vietnamese name exactly, courses and lessons passed with dates, best marks in %, study time, certificates with verify codes', async () => {
    const res = await learner.get('my-transcript?format=pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timeZone }).format(new Date());
    expect(res.headers['content-disposition']).toContain(`transcript-E1002-${day}.pdf`);
    const { text, items } = await readPdf(res.rawPayload);
    expect(items).toContain(NAME);
    expect(text).toContain(COURSE);
    expect(text).toContain('Passed · 2/2');
    expect(text).toContain('✓ Lesson');
    expect(text).toContain('1 h 05 min');
    expect(text).toContain('Skyline Mobile');
    const [code] = await issuedCodes(learner);
    expect(code).toBeTruthy();
    expect(text).toContain(code);
    expect(text).toContain(`${t.config.publicUrl}/certificates/verify/${code}`);
    expect(text).toContain(`Customer care award — ${COURSE}`);
    const mine = (await learner.get('my-progress')).json() as TMyProgress;
    const best = mine.exams[0]?.bestMark;
    expect(best).toBeGreaterThan(0);
    expect(text).toContain(`${best}%`);
    expect(text).toMatch(/Passed/);
  });

  it('as a workbook: real Date cells, durations and percentages', async () => {
    const res = await learner.get('my-transcript?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/transcript-E1002-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = (name: string) => {
      const found = book.getWorksheet(name);
      if (!found) throw new Error(`no sheet ${name}`);
      return found;
    };
    const summary = sheet('Transcript');
    const facts = new Map<string, unknown>();
    summary.eachRow((row) => facts.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(facts.get('Full name')).toBe(NAME);
    expect(facts.get('Employee code')).toBe('E1002');
    expect([...facts.entries()].find(([k]) => k.startsWith('Produced'))?.[1]).toBeInstanceOf(Date);

    const courseRow = sheet('Courses').getRow(2);
    expect(courseRow.getCell(1).value).toBe(COURSE);
    expect(courseRow.getCell(5).value).toBe(1);
    expect(courseRow.getCell(5).numFmt).toBe('0%');
    // A duration is a number of days shown as [h]:mm; ExcelJS reads such a number back as a time
    // of Excel's day zero (1899-12-30).
    expect(courseRow.getCell(6).numFmt).toBe('[h]:mm');
    expect((courseRow.getCell(6).value as Date).getTime() - Date.UTC(1899, 11, 30)).toBe(3900 * 1000);
    expect(courseRow.getCell(7).value).toBeInstanceOf(Date);
    expect(courseRow.getCell(8).value).toBeInstanceOf(Date);
    expect(courseRow.getCell(8).numFmt).toBe('yyyy-mm-dd hh:mm');

    const lessons = sheet('Lessons passed');
    // The course's two lessons and the exam's lesson (passed with its exam).
    expect(lessons.rowCount).toBe(4);
    expect(lessons.getRow(2).getCell(4).value).toBeInstanceOf(Date);

    const exams = sheet('Exams');
    const best = exams.getRow(2).getCell(4);
    expect(typeof best.value).toBe('number');
    expect(best.numFmt).toBe('0%');
    expect(exams.getRow(2).getCell(5).value).toBe('Passed');
    expect(exams.getRow(2).getCell(6).value).toBeInstanceOf(Date);

    const certificates = sheet('Certificates');
    const [code] = await issuedCodes(learner);
    expect(certificates.getRow(2).getCell(3).value).toBeInstanceOf(Date);
    expect(certificates.getRow(2).getCell(4).value).toBe(code);
    expect(certificates.getRow(2).getCell(5).value).toMatchObject({
      hyperlink: `${t.config.publicUrl}/certificates/verify/${code}`,
    });
  });

  it("never shows another learner's name, courses or certificates", async () => {
    const [otherCode] = await issuedCodes(other);
    const pdf = await readPdf((await learner.get('my-transcript')).rawPayload);
    for (const foreign of [OTHER_NAME, OTHER_COURSE, otherCode ?? '?'])
      expect(pdf.text).not.toContain(foreign);
    const xlsx = (await learner.get('my-transcript?format=xlsx')).rawPayload;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(JSON.stringify(cell.value));
        });
      }),
    );
    for (const foreign of [OTHER_NAME, OTHER_COURSE, otherCode ?? '?'])
      expect(cells.join('\n')).not.toContain(foreign);
    // And the colleague's own transcript is theirs.
    const theirs = await readPdf((await other.get('my-transcript')).rawPayload);
    expect(theirs.items).toContain(OTHER_NAME);
    expect(theirs.text).not.toContain(NAME);
  });

  it('refuses an unknown format with 400 and says which formats exist; asks for sign-in', async () => {
    const res = await learner.get('my-transcript?format=doc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: TRANSCRIPT_MESSAGES.format });
    const anonymous = apiClient(t.app, undefined);
    expect((await anonymous.get('my-transcript?format=pdf')).statusCode).toBe(401);
  });

  it('reads a constant number of statements whatever the number of courses and certificates', async () => {
    const count = async (format: string) => {
      t.database.queries.reset();
      const res = await learner.get(`my-transcript?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      return t.database.queries.count;
    };
    const before = [await count('pdf'), await count('xlsx')];
    for (let i = 0; i < 3; i++) await finishCertifiedCourse(learner, `More course ${i}`);
    expect(await issuedCodes(learner)).toHaveLength(4);
    const after = [await count('pdf'), await count('xlsx')];
    expect(after).toEqual(before);
    // The principal, then My progress's nine statements (its learner's ended cycles and package
    // lessons included: decisions 105, 150), the learner's card and their certificates.
    expect(before).toEqual([12, 12]);
  });
});
