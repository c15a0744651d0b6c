import { USER_IMPORT_MESSAGES } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { importFileProblem, mayImport, sortedErrors } from './import-file';

const result = { created: 2, updated: 1, unchanged: 0, applied: false };

describe('the user import file', () => {
  it('is an .xlsx or .csv of at most 20 MB', () => {
    expect(importFileProblem({ name: 'people.XLSX', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'people.csv', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'people.xls', size: 10 })).toBe(USER_IMPORT_MESSAGES.notASheet);
    expect(importFileProblem({ name: 'people.csv', size: 21 * 1024 * 1024 })).toMatch(/at most 20 MB/);
  });

  it('may be imported once checked without errors', () => {
    expect(mayImport(null)).toBe(false);
    expect(mayImport({ ...result, errors: [] })).toBe(true);
    expect(mayImport({ ...result, errors: [{ row: 3, column: 'Email', message: 'Email invalidate' }] })).toBe(
      false,
    );
  });

  it('lists the errors by row, then column', () => {
    const errors = [
      { row: 4, column: 'Email', message: 'a' },
      { row: 0, column: '', message: 'b' },
      { row: 4, column: 'Branch', message: 'c' },
    ];
    expect(sortedErrors(errors).map((e) => e.message)).toEqual(['b', 'c', 'a']);
  });
});
