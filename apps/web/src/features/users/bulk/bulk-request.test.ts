import { ZUserBulkAction } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { bulkTarget, listFilter } from './bulk-request';

const list = {
  q: ' lan ',
  filters: { branchId: '3', access: 'STOPPED', sort: 'fullName,desc', departmentId: '', serviceId: 'x' },
};

describe('who a bulk action is for', () => {
  it('names the ticked users by id', () => {
    expect(bulkTarget({ selected: new Set([4, 9]), allMatching: false }, list)).toEqual({ ids: [4, 9] });
  });

  it('names the list’s search and filters for every matching user, leaving out sort and blanks', () => {
    expect(bulkTarget({ selected: new Set([4]), allMatching: true }, list)).toEqual({
      filter: { q: 'lan', branchId: 3, access: 'STOPPED' },
    });
    expect(listFilter({ q: '', filters: { access: 'MAYBE' } })).toEqual({});
  });

  it('makes bodies the contract accepts', () => {
    const target = bulkTarget({ selected: new Set(), allMatching: true }, list);
    expect(ZUserBulkAction.safeParse({ ...target, action: 'move', departmentId: 2 }).success).toBe(true);
    const ids = bulkTarget({ selected: new Set([1, 2]), allMatching: false }, list);
    expect(ZUserBulkAction.safeParse({ ...ids, action: 'stop' }).success).toBe(true);
  });
});
