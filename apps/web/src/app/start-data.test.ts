import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_WAIT_MS, startData } from './start-data';

const args = { params: {}, request: new Request('http://localhost/x') } as unknown as LoaderFunctionArgs;

/** A browser without a stored session (there is no localStorage here). */
const visitor = { storedSession: () => false };

/** Whether the loader's promise has settled after `ms` of fake time. */
async function settledAfter(loading: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void loading.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('a route loader (decision 191)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the page as soon as the reads its content is drawn from are in', async () => {
    let answer: () => void = () => {};
    const read = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const loading = startData(() => read, visitor)(args);
    expect(await settledAfter(loading, 50)).toBe(false);
    answer();
    expect(await settledAfter(loading, 0)).toBe(true);
  });

  it('draws the page with its loading states when the reads take longer than the wait', async () => {
    const loading = startData(() => new Promise(() => {}), visitor)(args);
    expect(await settledAfter(loading, CONTENT_WAIT_MS - 1)).toBe(false);
    expect(await settledAfter(loading, 1)).toBe(true);
  });

  it('draws the page at once when a read fails (the page shows the error)', async () => {
    const loading = startData(() => Promise.reject(new Error('503')), visitor)(args);
    expect(await settledAfter(loading, 0)).toBe(true);
    await expect(loading).resolves.toBeNull();
  });

  it('does not wait when the route hands back nothing to wait for', async () => {
    const loading = startData(() => undefined, visitor)(args);
    expect(await settledAfter(loading, 0)).toBe(true);
  });

  it('starts no learner read without a stored session (the sign-in redirect needs none)', async () => {
    const start = vi.fn(() => Promise.resolve());
    await startData(start, { signedIn: true, storedSession: () => false })(args);
    expect(start).not.toHaveBeenCalled();
    await startData(start, { signedIn: true, storedSession: () => true })(args);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("on the server, starts the reads in the request's own cache with its own session (decision 195)", async () => {
    const requestCache = new QueryClient();
    const start = vi.fn(() => undefined);
    const onServer = {
      ...args,
      context: { queryClient: requestCache, signedIn: true },
    } as LoaderFunctionArgs;
    await startData(start, { signedIn: true, storedSession: () => false })(onServer);
    expect(start).toHaveBeenCalledWith(onServer, { queryClient: requestCache, signedIn: true });
  });
});
