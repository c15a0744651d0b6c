import { describe, expect, it } from 'vitest';
import { belowRequired, deleteBreaksRequired } from './required-bar';

describe('the required correct answers on the exam authoring page', () => {
  it('warns that a delete is refused when it would leave fewer questions than required', () => {
    expect(deleteBreaksRequired(3, 3)).toBe(true);
    expect(deleteBreaksRequired(2, 3)).toBe(false);
    expect(deleteBreaksRequired(0, 3)).toBe(false);
  });

  it('lets the last question go, back to an exam being authored', () => {
    expect(deleteBreaksRequired(1, 1)).toBe(false);
    expect(deleteBreaksRequired(5, 1)).toBe(false);
  });

  it('flags an exam with fewer questions than it requires, but not one without questions', () => {
    expect(belowRequired(5, 2)).toBe(true);
    expect(belowRequired(2, 2)).toBe(false);
    expect(belowRequired(3, 0)).toBe(false);
  });
});
