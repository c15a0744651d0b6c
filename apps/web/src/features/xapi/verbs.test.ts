import { describe, expect, it } from 'vitest';
import { dayBounds, statementQuery } from './verbs';

describe('the statements report filters', () => {
  it('turns days of the reader calendar into the instants they start and end', () => {
    const bounds = dayBounds('2026-11-27');
    expect(new Date(bounds?.start ?? '').getDate()).toBe(27);
    expect(new Date(bounds?.start ?? '').getHours()).toBe(0);
    expect(new Date(bounds?.end ?? '').getHours()).toBe(23);
    expect(Date.parse(bounds?.end ?? '') - Date.parse(bounds?.start ?? '')).toBe(86_400_000 - 1);
    expect(dayBounds('not a day')).toBeNull();
  });

  it('asks for statements stored from the first day through the last, and passes the other filters', () => {
    const query = statementQuery({
      actor: 'E1',
      verb: 'http://v',
      from: '2026-11-01',
      to: '2026-11-02',
      page: '2',
    });
    expect(query.actor).toBe('E1');
    expect(query.verb).toBe('http://v');
    expect(query.page).toBeUndefined();
    expect(Date.parse(query.until ?? '') - Date.parse(query.since ?? '')).toBe(2 * 86_400_000);
  });
});
