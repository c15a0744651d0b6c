import type ExcelJS from 'exceljs';
import { loadExcel } from './excel';
import { ArchiveRefused, unpackArchive } from './uploads/archive';
import { sniff } from './uploads/sniff';

/** How large a workbook an import accepts: its rows and columns, and its unpacked size. */
export type SheetLimits = { maxRows: number; maxColumns: number; maxUnpackedBytes: number };

/** Why a workbook was refused before the spreadsheet library read it. */
export class SheetRefused extends Error {
  /** `too large`: unpacked size or compression ratio; `too many cells`: rows or columns. */
  constructor(readonly reason: 'not a workbook' | 'too large' | 'too many cells') {
    super(reason);
  }
}

const ROW_NUMBERS = /<row\b[^>]*?\br="(\d+)"/g;
const CELL_COLUMNS = /<c\b[^>]*?\br="([A-Z]+)\d+"/g;

function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

/**
 * Loads an uploaded .xlsx after checking it within bounds: unpacked by platform/uploads/archive.ts
 * (entries, total size, compression ratio), then its worksheets' row and cell references read
 * before the spreadsheet library builds anything — a sheet reaching past `maxRows` rows or
 * `maxColumns` columns is refused however small the file (one cell on row 1,048,576 would make
 * the library build a million rows).
 */
export async function loadBoundedWorkbook(data: Buffer, limits: SheetLimits): Promise<ExcelJS.Workbook> {
  if (sniff(data) !== 'zip' || !data.includes(Buffer.from('xl/', 'latin1'))) {
    throw new SheetRefused('not a workbook');
  }
  let sheets: Map<string, Buffer>;
  try {
    sheets = await unpackArchive(
      data,
      { maxEntries: 500, maxUnpackedBytes: limits.maxUnpackedBytes },
      (name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name),
    );
  } catch (err) {
    if (err instanceof ArchiveRefused) {
      throw new SheetRefused(err.reason === 'too large' ? 'too large' : 'not a workbook');
    }
    throw err;
  }
  for (const xml of sheets.values()) {
    const text = xml.toString('utf8');
    let rows = 0;
    for (const match of text.matchAll(ROW_NUMBERS)) {
      rows += 1;
      if (Number(match[1]) > limits.maxRows || rows > limits.maxRows)
        throw new SheetRefused('too many cells');
    }
    for (const match of text.matchAll(CELL_COLUMNS)) {
      if (columnNumber(match[1] ?? '') > limits.maxColumns) throw new SheetRefused('too many cells');
    }
  }
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new SheetRefused('not a workbook');
  }
  return workbook;
}
