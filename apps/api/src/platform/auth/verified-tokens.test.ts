import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens';

const claims = (expiresAt: number) => ({ userId: 7, sessionId: 'session', expiresAt });

describe('verified access tokens', () => {
  it('answers a checked token’s claims until the moment it expires', () => {
    let now = 1_000;
    const tokens = new VerifiedTokens(10, () => now);
    tokens.add('a.b.c', claims(2_000));
    expect(tokens.get('a.b.c')).toEqual(claims(2_000));
    now = 1_999;
    expect(tokens.get('a.b.c')?.userId).toBe(7);
    now = 2_000;
    expect(tokens.get('a.b.c')).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('knows only the very same token string', () => {
    const tokens = new VerifiedTokens(10, () => 0);
    tokens.add('a.b.c', claims(1_000));
    expect(tokens.get('a.b.d')).toBeUndefined();
    expect(tokens.get('a.b.c ')).toBeUndefined();
  });

  it('keeps at most its bound, dropping the oldest token first', () => {
    const tokens = new VerifiedTokens(2, () => 0);
    tokens.add('one', claims(1_000));
    tokens.add('two', claims(1_000));
    tokens.add('three', claims(1_000));
    expect(tokens.size).toBe(2);
    expect(tokens.get('one')).toBeUndefined();
    expect(tokens.get('two')).toBeDefined();
    expect(tokens.get('three')).toBeDefined();
  });
});
