import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoint, listEndpoint } from './endpoint';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: () => Response) {
  const fetch = vi.fn(async () => response());
  vi.stubGlobal('window', { location: { origin: 'http://academy.test' } });
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls[0] as unknown as [string, RequestInit];
}

describe('typed endpoints', () => {
  it('call their own method and path, with the id in the path and the body as JSON', async () => {
    const lastCall = stubFetch(() => Response.json({ id: 7, name: 'Sales' }));
    const rename = endpoint<{ id: number; name: string }, number>('PUT', (id) => `departments/${id}`);

    await expect(rename.call(7, { body: { name: 'Sales' } })).resolves.toEqual({ id: 7, name: 'Sales' });

    const [url, init] = lastCall();
    expect(url).toBe('/services/core/api/departments/7');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"name":"Sales"}');
  });

  it('read a paged list with its total from x-total-count', async () => {
    const lastCall = stubFetch(() => Response.json([{ id: 1 }], { headers: { 'x-total-count': '41' } }));
    const departments = listEndpoint<{ id: number }>('departments');

    await expect(departments.call(undefined, { page: 2, q: '' })).resolves.toEqual({
      items: [{ id: 1 }],
      total: 41,
    });
    expect(lastCall()[0]).toBe('/services/core/api/departments?page=2');
  });
});
