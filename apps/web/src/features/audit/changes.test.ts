import { describe, expect, it } from 'vitest';
import { changeLines } from './changes';

describe('audit change lines', () => {
  it('show a change as before → after, and a create or delete as the one value', () => {
    expect(
      changeLines({
        fullName: { before: 'An', after: 'An Pham' },
        access: { after: 'STOPPED' },
        phone: { before: null, after: '0901' },
        position: { before: 'Trainee' },
      }),
    ).toEqual(['fullName: An → An Pham', 'access: STOPPED', 'phone: — → 0901', 'position: Trainee']);
  });
});
