import { EXAM_MESSAGES, QUESTION_SHEET_COLUMNS } from '@academy/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../../../test/zip';
import { ApiError } from '../../platform/http/errors';
import { readQuestionsWorkbook } from './sheet';

/**
 * Question sheets are unpacked with bounds on size, rows and columns before the spreadsheet
 * library sees them: a few kilobytes that claim a million rows, or a zip bomb, are refused fast
 * with a clear message and little memory.
 */

async function refusal(data: Buffer): Promise<{ ms: number; rssGrowth: number; error: ApiError }> {
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  const started = performance.now();
  let caught: unknown;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await readQuestionsWorkbook(data);
  } catch (err) {
    caught = err;
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage.rss());
  expect(caught).toBeInstanceOf(ApiError);
  return { ms, rssGrowth: peak - rssBefore, error: caught as ApiError };
}

const MB = 1024 * 1024;

async function sheetWithCellAt(row: number, column = 1): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.getRow(1).values = ['Type', 'Question', 'Correct'];
  sheet.getRow(row).getCell(column).value = 'x';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('question sheet limits', () => {
  it('refuses a small sheet with one cell on the last row in under a second', async () => {
    const data = await sheetWithCellAt(1_048_576);
    expect(data.length).toBeLessThan(20_000);
    const { ms, rssGrowth, error } = await refusal(data);
    expect(error.message).toBe(EXAM_MESSAGES.importTooLarge);
    expect(ms).toBeLessThan(1000);
    expect(rssGrowth).toBeLessThan(100 * MB);
  });

  it('refuses a sheet with a cell in the last column', async () => {
    const { error } = await refusal(await sheetWithCellAt(2, 16_384));
    expect(error.message).toBe(EXAM_MESSAGES.importTooLarge);
  });

  it('refuses a zip bomb (honest sizes) and one whose sizes lie, in under a second', async () => {
    const honest = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflate: true },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * MB, 0x20), deflate: true },
    ]);
    const lying = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflate: true },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.alloc(60 * MB, 0x20),
        deflate: true,
        declaredSize: 4096,
      },
    ]);
    expect(honest.length).toBeLessThan(200 * 1024);
    for (const [bomb, message] of [
      [honest, EXAM_MESSAGES.importTooLarge],
      [lying, EXAM_MESSAGES.importNotExcel],
    ] as const) {
      const { ms, rssGrowth, error } = await refusal(bomb);
      expect(error.message).toBe(message);
      expect(ms).toBeLessThan(1000);
      expect(rssGrowth).toBeLessThan(100 * MB);
    }
  });

  it('refuses overlapping entries: a 60 KB file whose entries claim more than 1 GB, in under a second', async () => {
    // One deflated 60 MB payload; twenty central-directory entries all point at it.
    const single = writeZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * MB, 0x20), deflate: true },
    ]);
    const end = single.length - 22;
    const centralStart = single.readUInt32LE(end + 16);
    const local = single.subarray(0, centralStart);
    const central = single.subarray(centralStart, end);
    const copies = Array.from({ length: 20 }, (_, i) => {
      const name = Buffer.from(`xl/worksheets/sheet${i + 1}.xml`);
      const record = Buffer.concat([central.subarray(0, 46), name]);
      record.writeUInt16LE(name.length, 28);
      return record;
    });
    const directory = Buffer.concat(copies);
    const tail = Buffer.from(single.subarray(end));
    tail.writeUInt16LE(copies.length, 8);
    tail.writeUInt16LE(copies.length, 10);
    tail.writeUInt32LE(directory.length, 12);
    tail.writeUInt32LE(local.length, 16);
    const bomb = Buffer.concat([local, directory, tail]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const { ms, rssGrowth, error } = await refusal(bomb);
    expect(error.message).toBe(EXAM_MESSAGES.importTooLarge);
    expect(ms).toBeLessThan(1000);
    expect(rssGrowth).toBeLessThan(100 * MB);
  });

  it('still reads a sheet of questions under the limits', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Questions');
    sheet.addRow(QUESTION_SHEET_COLUMNS.map((c) => c.header));
    const values: Record<string, string> = {
      type: 'Single choice',
      content: 'Which port?',
      correct: '1',
      option1: '443',
      option2: '80',
    };
    sheet.addRow(QUESTION_SHEET_COLUMNS.map((c) => values[c.key] ?? null));
    const questions = await readQuestionsWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(questions).toHaveLength(1);
  });
});
