import { describe, expect, it } from 'vitest';
import { selectAllState, toggleAll, toggleOne } from './selection';

describe('row selection', () => {
  it('tells whether all, some or none of the shown rows are selected', () => {
    expect(selectAllState(new Set(), [1, 2])).toBe('none');
    expect(selectAllState(new Set([1]), [1, 2])).toBe('some');
    expect(selectAllState(new Set([1, 2, 9]), [1, 2])).toBe('all');
  });

  it('selects every shown row, and clears them when all were selected, keeping other pages', () => {
    const some = toggleAll(new Set([1, 9]), [1, 2]);
    expect([...some].sort()).toEqual([1, 2, 9]);
    expect([...toggleAll(some, [1, 2])]).toEqual([9]);
  });

  it('checks and unchecks one row', () => {
    expect([...toggleOne(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1)]).toEqual([2]);
  });
});
