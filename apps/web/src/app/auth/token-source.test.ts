import { describe, expect, it } from 'vitest';
import { createTokenSource, RefreshRefused, type StoredToken } from './token-source';

/**
 * Two tabs share localStorage and a lock; each has its own token source. With `propagationMs`,
 * a tab sees what another tab stored only that long afterwards (as browsers deliver it).
 */
function world(options: { refusal?: boolean; propagationMs?: number } = {}) {
  let stored: StoredToken | null = { accessToken: 'old', secondsLeft: 2 };
  let storedAt = 0;
  let refreshes = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const lock = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };
  const tab = () => {
    let seen: StoredToken | null = stored;
    let mine = false;
    const view = () => {
      // Another tab's write is seen once it has propagated; this tab's own write at once.
      if (mine || Date.now() - storedAt >= (options.propagationMs ?? 0)) seen = stored;
      return seen;
    };
    return createTokenSource({
      read: async () => view(),
      refresh: async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (options.refusal) throw Object.assign(new Error('invalid_grant'), { error: 'invalid_grant' });
        stored = { accessToken: `new-${refreshes}`, secondsLeft: 900 };
        storedAt = Date.now();
        mine = true;
        return stored;
      },
      lock,
      settle: () => new Promise((resolve) => setTimeout(resolve, (options.propagationMs ?? 0) + 5)),
      minValiditySeconds: 5,
      isRefusal: (error) => typeof (error as { error?: unknown }).error === 'string',
    });
  };
  return { tab, refreshes: () => refreshes, signOut: () => (stored = null) };
}

describe('token source', () => {
  it('50 parallel calls on an expiring token in one tab and 50 in another make one refresh', async () => {
    const w = world();
    const [first, second] = [w.tab(), w.tab()];
    const tokens = await Promise.all([
      ...Array.from({ length: 50 }, () => first()),
      ...Array.from({ length: 50 }, () => second()),
    ]);
    expect(w.refreshes()).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(['new-1']));
  });

  it("a tab that gets the lock before the other tab's renewed token reaches it does not renew again", async () => {
    const w = world({ propagationMs: 30 });
    const [first, second] = [w.tab(), w.tab()];
    const tokens = await Promise.all([first(), second()]);
    expect(w.refreshes()).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(['new-1']));
  });

  it('hands out a fresh token without refreshing', async () => {
    const w = world();
    const source = w.tab();
    await source();
    expect(await source()).toBe('new-1');
    expect(w.refreshes()).toBe(1);
  });

  it('a refused refresh is told apart from a network failure', async () => {
    const w = world({ refusal: true });
    await expect(w.tab()()).rejects.toBeInstanceOf(RefreshRefused);
  });

  it('gives no token once signed out', async () => {
    const w = world();
    w.signOut();
    expect(await w.tab()()).toBeNull();
    expect(w.refreshes()).toBe(0);
  });
});
