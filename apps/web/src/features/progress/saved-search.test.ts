import { describe, expect, it } from 'vitest';
import { forgetProgressSearchOutside, rememberProgressSearch, savedProgressSearch } from './saved-search';

describe("the progress report's saved filters", () => {
  it('are kept on the progress pages and forgotten once the path leaves them', () => {
    rememberProgressSearch('?status=FAILED');
    forgetProgressSearchOutside('/management/progress/detail/4');
    forgetProgressSearchOutside('/management/progress/detail/4/login-history');
    forgetProgressSearchOutside('/management/progress');
    expect(savedProgressSearch()).toBe('?status=FAILED');
    forgetProgressSearchOutside('/management/progressive');
    expect(savedProgressSearch()).toBe('');
    rememberProgressSearch('?q=an');
    forgetProgressSearchOutside('/training-academy');
    expect(savedProgressSearch()).toBe('');
  });
});
