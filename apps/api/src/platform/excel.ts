/**
 * ExcelJS, loaded the first time a workbook is read or written: it is large, and most processes
 * (and every test file) start without needing it.
 */
type Excel = typeof import('exceljs');
let loading: Promise<Excel> | undefined;

export function loadExcel(): Promise<Excel> {
  // A CommonJS package: its exports are the ES module's default.
  loading ??= import('exceljs').then(
    (module) => (module as unknown as { default?: Excel }).default ?? module,
  );
  return loading;
}
