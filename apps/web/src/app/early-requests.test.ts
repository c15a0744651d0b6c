import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchCoursePage, prefetchTopicPage } from '../features/academy';
import { earlyRequests } from './early-requests';

/** The GET addresses a route loader's prefetch asks the server for. */
async function loaderReads(prefetch: (client: QueryClient) => void): Promise<string[]> {
  const reads: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') reads.push(url);
    return Response.json(null);
  });
  prefetch(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  await vi.waitFor(() => expect(reads.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return reads;
}

afterEach(() => vi.unstubAllGlobals());

describe('the reads the inline script starts early (decision 171)', () => {
  it('are the course page loader’s reads, for learners and visitors', async () => {
    const path = '/training-academy/course/7';
    for (const signedIn of [true, false]) {
      const reads = await loaderReads((client) => prefetchCoursePage(client, { id: '7' }, signedIn));
      expect(earlyRequests(path, '', signedIn)).toEqual(reads);
    }
  });

  it('are the lesson page loader’s reads (opening the lesson is left to the page)', async () => {
    const url = new URL('http://localhost/training-academy/course/7/topic/3?lesson=12');
    const reads = await loaderReads((client) => prefetchTopicPage(client, { id: '7', idThematic: '3' }, url));
    expect(earlyRequests(url.pathname, url.search, true)).toEqual(reads);
    expect(reads).toHaveLength(4);
  });

  it('are none for other pages, bad ids, or a visitor on a lesson page', () => {
    expect(earlyRequests('/training-academy', '', true)).toEqual([]);
    expect(earlyRequests('/training-academy/course/x', '', true)).toEqual([]);
    expect(earlyRequests('/training-academy/course/7/topic/3', '?lesson=12', false)).toEqual([]);
    expect(earlyRequests('/management/course/7', '', true)).toEqual([]);
  });
});
