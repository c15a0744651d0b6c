import { type TUserImportResult, USER_IMPORT_MAX_BYTES, USER_IMPORT_MESSAGES } from '@academy/contract';

/** The kinds of file the import reads. */
export const IMPORT_ACCEPT = '.xlsx,.csv';

/** Why a chosen file cannot be sent, before anything is uploaded; null when it may be. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return USER_IMPORT_MESSAGES.notASheet;
  if (file.size > USER_IMPORT_MAX_BYTES)
    return `The file may be at most ${Math.round(USER_IMPORT_MAX_BYTES / 1024 / 1024)} MB`;
  return null;
}

/** Whether a checked file may be imported: it was checked, and no row has an error. */
export function mayImport(preview: TUserImportResult | null): boolean {
  return preview !== null && preview.errors.length === 0;
}

/** The errors in sheet order: by row (the file's own first), then column. */
export function sortedErrors(errors: TUserImportResult['errors']): TUserImportResult['errors'] {
  return [...errors].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
}
