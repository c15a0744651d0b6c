import { describe, expect, it } from 'vitest';
import {
  allShownBut,
  offersAllMatching,
  selectAllState,
  selectionCount,
  toggleAll,
  toggleOne,
} from './selection';

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

describe('selecting every matching row', () => {
  const page = [1, 2];

  it('is offered once the shown page is ticked whole and more rows match', () => {
    expect(offersAllMatching({ selected: new Set([1, 2]), allMatching: false }, page, 37)).toBe(true);
    expect(offersAllMatching({ selected: new Set([1]), allMatching: false }, page, 37)).toBe(false);
    expect(offersAllMatching({ selected: new Set([1, 2]), allMatching: false }, page, 2)).toBe(false);
    expect(offersAllMatching({ selected: new Set(), allMatching: true }, page, 37)).toBe(false);
  });

  it('counts every matching row, or the ticked ones', () => {
    expect(selectionCount({ selected: new Set([1, 2]), allMatching: true }, 37)).toBe(37);
    expect(selectionCount({ selected: new Set([1, 2]), allMatching: false }, 37)).toBe(2);
  });

  it('unticking one row leaves the shown rows but that one', () => {
    expect([...allShownBut([1, 2, 3], 2)]).toEqual([1, 3]);
  });
});
