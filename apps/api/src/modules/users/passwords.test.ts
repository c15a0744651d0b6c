import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Right@2026');
    expect(await verifyPassword('Right@2026', stored)).toBe(true);
    expect(await verifyPassword('Wrong@2026', stored)).toBe(false);
  });

  it('spends the same scrypt work when the account has no password, so timing does not reveal it', async () => {
    const stored = await hashPassword('Right@2026');
    const time = async (hash: string | null) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await verifyPassword('Guess@2026', hash);
      return performance.now() - start;
    };
    const known = await time(stored);
    const unknown = await time(null);
    // Without the dummy derivation the unknown case takes ~0 ms against tens of ms.
    expect(unknown).toBeGreaterThan(known * 0.25);
  });
});
