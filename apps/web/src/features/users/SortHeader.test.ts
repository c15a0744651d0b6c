import { describe, expect, it } from 'vitest';
import { nextSort } from './SortHeader';

describe('nextSort', () => {
  it('sorts a new column ascending, then descending, then not at all', () => {
    expect(nextSort(undefined, 'fullName')).toBe('fullName,asc');
    expect(nextSort('employeeCode,desc', 'fullName')).toBe('fullName,asc');
    expect(nextSort('fullName,asc', 'fullName')).toBe('fullName,desc');
    expect(nextSort('fullName,desc', 'fullName')).toBeNull();
  });
});
