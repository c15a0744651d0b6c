import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api';
import { startEarlyRequests, takeEarlyResponse } from './early-responses';

type Target = Parameters<typeof takeEarlyResponse>[2];

/** fetch as a list of the requests made, answering each with `answer()`. */
function recordFetch(answer: () => Response = () => Response.json({ ok: true })) {
  const made: { url: string; method: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    made.push({
      url,
      method: init.method ?? 'GET',
      authorization: new Headers(init.headers).get('authorization'),
    });
    return answer();
  });
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { __academyEarly?: unknown }).__academyEarly;
});

describe('early reads (decision 171)', () => {
  it('sends each read once, with the token, as the API client would', async () => {
    const made = recordFetch();
    const target: Target = {};
    startEarlyRequests(
      ['/services/core/api/courses/1', '/services/core/api/my-thematics?course_id=1'],
      'tok',
      target,
      0,
    );
    expect(made).toEqual([
      { url: '/services/core/api/courses/1', method: 'GET', authorization: 'Bearer tok' },
      { url: '/services/core/api/my-thematics?course_id=1', method: 'GET', authorization: 'Bearer tok' },
    ]);
  });

  it('hands an answer over once, for the same address and token, while it is fresh', async () => {
    recordFetch();
    const target: Target = {};
    startEarlyRequests(['/services/core/api/courses/1'], 'tok', target, 0);
    expect(takeEarlyResponse('/services/core/api/courses/1', 'other', target, 1)).toBeUndefined();
    expect(takeEarlyResponse('/services/core/api/courses/2', 'tok', target, 1)).toBeUndefined();
    expect(takeEarlyResponse('/services/core/api/courses/1', 'tok', target, 20_000)).toBeUndefined();
    expect(takeEarlyResponse('/services/core/api/courses/1', 'tok', target, 1)).toBeDefined();
    expect(takeEarlyResponse('/services/core/api/courses/1', 'tok', target, 2)).toBeUndefined();
  });

  it('lets the API client read the early answer instead of asking the server again', async () => {
    let answers = 0;
    const made = recordFetch(() => Response.json({ answer: ++answers }));
    startEarlyRequests(['/services/core/api/courses/1'], null);
    expect(await (await apiFetch('courses/1')).json()).toEqual({ answer: 1 });
    // Taken once: the next read is the server's.
    expect(await (await apiFetch('courses/1')).json()).toEqual({ answer: 2 });
    expect(made).toHaveLength(2);
  });

  it('asks the server again when the early read failed', async () => {
    let calls = 0;
    recordFetch(() =>
      ++calls === 1 ? new Response('{}', { status: 503 }) : Response.json({ answer: calls }),
    );
    startEarlyRequests(['/services/core/api/courses/1'], null);
    expect(await (await apiFetch('courses/1')).json()).toEqual({ answer: 2 });
  });

  it('never answers a write with an early read', async () => {
    const made = recordFetch();
    startEarlyRequests(['/services/core/api/courses/1'], null);
    await apiFetch('courses/1', { method: 'POST', body: {} });
    expect(made.map((request) => request.method)).toEqual(['GET', 'POST']);
  });
});
