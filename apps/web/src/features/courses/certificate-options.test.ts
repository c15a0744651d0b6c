import { afterEach, describe, expect, it, vi } from 'vitest';
import { certificateOptionsQuery } from './api';

afterEach(() => vi.unstubAllGlobals());

describe("the course form's certificate picker", () => {
  it('asks the signed-in endpoint certificates/options, not the managed certificate list', async () => {
    const options = [{ id: 4, name: 'Safety basics' }];
    const fetch = vi.fn(async () => Response.json(options));
    vi.stubGlobal('window', { location: { origin: 'http://academy.test' } });
    vi.stubGlobal('fetch', fetch);

    await expect(certificateOptionsQuery.queryFn()).resolves.toEqual(options);

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/services/core/api/certificates/options');
    expect(init.method).toBe('GET');
  });
});
