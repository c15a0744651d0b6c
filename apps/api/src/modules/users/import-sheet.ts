import { Readable } from 'node:stream';
import {
  USER_EXPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_MESSAGES,
  USER_IMPORT_REQUIRED_HEADERS,
} from '@academy/contract';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/excel';
import { badRequest } from '../../platform/http/errors';
import { loadBoundedWorkbook, SheetRefused } from '../../platform/sheets';
import { sniff } from '../../platform/uploads/sniff';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** The columns of the users export, which an import reads by their headers. */
export type ImportKey = (typeof USER_EXPORT_COLUMNS)[number]['key'];

/** A row of the file: its sheet row number (the header is row 1) and the text of each known column. */
export type SheetRow = { row: number; values: Partial<Record<ImportKey, string>> };

export type UsersSheet = { columns: Set<ImportKey>; rows: SheetRow[] };

const KEY_OF_HEADER = new Map<string, ImportKey>(
  USER_EXPORT_COLUMNS.map((column) => [column.header.toLowerCase(), column.key]),
);
export const HEADER_OF_KEY = new Map<ImportKey, string>(
  USER_EXPORT_COLUMNS.map((column) => [column.key, column.header]),
);

const fileError = (message: string) => badRequest(message, [{ field: 'file', message }]);

/** A cell as the text a person sees; a date as its calendar day (dates are stored at midnight UTC). */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(cell.text ?? '').trim();
}

async function worksheetOf(data: Buffer): Promise<ExcelJS.Worksheet> {
  if (sniff(data) === 'zip') {
    try {
      const workbook = await loadBoundedWorkbook(data, {
        maxRows: USER_IMPORT_MAX_ROWS + 1,
        maxColumns: 64,
        maxUnpackedBytes: 200 * 1024 * 1024,
      });
      const sheet = workbook.getWorksheet('Users') ?? workbook.worksheets[0];
      if (!sheet) throw fileError(USER_IMPORT_MESSAGES.missingHeaders);
      return sheet;
    } catch (err) {
      if (!(err instanceof SheetRefused)) throw err;
      const messages = {
        'not a workbook': USER_IMPORT_MESSAGES.notASheet,
        'too large': USER_IMPORT_MESSAGES.tooLarge,
        'too many cells': USER_IMPORT_MESSAGES.tooManyRows,
      } as const;
      throw fileError(messages[err.reason]);
    }
  }
  // Anything else must be UTF-8 text: a CSV. Its rows are counted before it is parsed.
  if (data.includes(0) || !isUtf8(data)) throw fileError(USER_IMPORT_MESSAGES.notASheet);
  let lines = 0;
  for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) {
    lines += 1;
    if (lines > USER_IMPORT_MAX_ROWS + 1) throw fileError(USER_IMPORT_MESSAGES.tooManyRows);
  }
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    // `map` keeps every value as written: "0901…" stays a phone number, not the number 901….
    return await workbook.csv.read(Readable.from([stripBom(data)]), { map: (value: string) => value });
  } catch {
    throw fileError(USER_IMPORT_MESSAGES.notASheet);
  }
}

function isUtf8(data: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

function stripBom(data: Buffer): Buffer {
  return data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
}

/**
 * Reads an uploaded .xlsx (the "Users" sheet, or the first) or .csv: the first row's headers
 * name the columns (any order, any case; unknown headers are ignored), every following non-empty
 * row is a user. Refused as a whole (400) when the file is neither, is too large, or lacks the
 * required headers.
 */
export async function readUsersSheet(data: Buffer): Promise<UsersSheet> {
  const sheet = await worksheetOf(data);
  const columnOf = new Map<ImportKey, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const key = KEY_OF_HEADER.get(cellText(cell).toLowerCase());
    if (key && !columnOf.has(key)) columnOf.set(key, column);
  });
  const required = USER_IMPORT_REQUIRED_HEADERS.map((header) => KEY_OF_HEADER.get(header.toLowerCase()));
  if (required.some((key) => !key || !columnOf.has(key)))
    throw fileError(USER_IMPORT_MESSAGES.missingHeaders);
  const rows: SheetRow[] = [];
  for (let number = 2; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    const values: SheetRow['values'] = {};
    for (const [key, column] of columnOf) values[key] = cellText(row.getCell(column));
    if (Object.values(values).every((value) => value === '')) continue;
    rows.push({ row: number, values });
    if (rows.length > USER_IMPORT_MAX_ROWS) throw fileError(USER_IMPORT_MESSAGES.tooManyRows);
  }
  return { columns: new Set(columnOf.keys()), rows };
}

/** GET users/import/template: the export's headers, and (xlsx) a sheet saying what goes where. */
export async function importTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const headers = USER_EXPORT_COLUMNS.map((column) => column.header);
  if (format === 'csv') return Buffer.from(`\uFEFF${headers.join(',')}\r\n`, 'utf8');
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.columns = USER_EXPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const help = workbook.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', key: 'column', width: 18 },
    { header: 'What to write', key: 'what', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRows([
    { column: 'Employee code', what: 'Required. A known code updates that user; a new one adds a user.' },
    { column: 'Full name, Email', what: 'Required.' },
    { column: 'Date of birth', what: 'A date (or YYYY-MM-DD); the user must be over 16.' },
    { column: 'Gender', what: 'Male, Female or Other.' },
    {
      column: 'Service, Branch, Department',
      what: 'Names as in the academy. The deepest one named decides; name the branch too when two branches have a department of that name.',
    },
    { column: 'Authorization', what: 'The name of an authorization (role), or empty for none.' },
    { column: 'Access', what: 'Allowed or Stopped (empty: Allowed for a new user, unchanged otherwise).' },
    {
      column: '',
      what: 'A column left out of the file leaves that field as it is. An export of the users list is a valid import file.',
    },
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
