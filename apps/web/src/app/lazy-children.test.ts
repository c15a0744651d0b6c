import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyChildren, patchLazyChildren } from './lazy-children';

/** A table shaped like the app's: an area whose pages load later, beside a layout with a catch-all. */
function table(loads: string[]): RouteObject[] {
  return [
    {
      children: [
        {
          path: 'management',
          handle: lazyChildren(async () => {
            loads.push('management');
            return {
              routes: [
                { index: true, id: 'management-index' },
                { path: 'user/:id', id: 'user-page' },
                { path: '*', id: 'management-not-found' },
              ],
            };
          }),
        },
        {
          children: [
            { index: true, id: 'home' },
            { path: 'news/:id', id: 'news-page' },
            { path: '*', id: 'not-found' },
          ],
        },
      ],
    },
  ];
}

async function open(path: string) {
  const loads: string[] = [];
  const router = createMemoryRouter(table(loads), {
    initialEntries: [path],
    patchRoutesOnNavigation: patchLazyChildren,
  });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  const leaf = router.state.matches.at(-1)?.route.id;
  return { router, loads, leaf };
}

describe('route children loaded on the first navigation under their route', () => {
  it('opens a page of the area straight from its address', async () => {
    const { leaf, loads } = await open('/management/user/7');
    expect(leaf).toBe('user-page');
    expect(loads).toEqual(['management']);
  });

  it("reaches the area's own not-found page, not the site's", async () => {
    const { leaf } = await open('/management/nothing-here');
    expect(leaf).toBe('management-not-found');
  });

  it('loads nothing for pages outside the area', async () => {
    const { leaf, loads } = await open('/news/3');
    expect(leaf).toBe('news-page');
    expect(loads).toEqual([]);
    const other = await open('/');
    expect(other.leaf).toBe('home');
    expect(other.loads).toEqual([]);
  });

  it('loads the children once when the visitor navigates there twice', async () => {
    const { router, loads } = await open('/');
    await router.navigate('/management/user/1');
    await router.navigate('/news/2');
    await router.navigate('/management/user/2');
    expect(router.state.matches.at(-1)?.route.id).toBe('user-page');
    expect(loads).toEqual(['management']);
  });
});
