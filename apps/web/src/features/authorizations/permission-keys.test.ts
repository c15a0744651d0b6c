import { describe, expect, it } from 'vitest';
import { toggleGroup, toggleKey } from './permission-keys';

describe('permission keys on the authorization form', () => {
  it('ticking a course action also ticks Course management', () => {
    expect(toggleKey([], 'ADD_COURSE_MANAGEMENT', true).sort()).toEqual([
      'ADD_COURSE_MANAGEMENT',
      'COURSE_MANAGEMENT',
    ]);
  });

  it('unticking Course management clears the course actions but nothing else', () => {
    expect(
      toggleKey(
        ['COURSE_MANAGEMENT', 'EDIT_COURSE_MANAGEMENT', 'NEWS_MANAGEMENT'],
        'COURSE_MANAGEMENT',
        false,
      ),
    ).toEqual(['NEWS_MANAGEMENT']);
  });

  it('ticking a key twice keeps it once', () => {
    expect(toggleKey(['NEWS_MANAGEMENT'], 'NEWS_MANAGEMENT', true)).toEqual(['NEWS_MANAGEMENT']);
  });

  it('a whole group leaves out the keys the user may not grant', () => {
    const next = toggleGroup(
      [],
      ['USER_MANAGEMENT', 'PERMISSION_MANAGEMENT', 'DEPARTMENT_MANAGEMENT'],
      true,
      (key) => key === 'PERMISSION_MANAGEMENT',
    );
    expect(next).toEqual(['USER_MANAGEMENT', 'DEPARTMENT_MANAGEMENT']);
    expect(toggleGroup(next, ['USER_MANAGEMENT', 'DEPARTMENT_MANAGEMENT'], false, () => false)).toEqual([]);
  });
});
