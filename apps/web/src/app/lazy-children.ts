import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';

/** A route `handle` naming the module of the route's children (its `routes` export). */
export interface LazyChildren {
  lazyChildren: () => Promise<{ routes: RouteObject[] }>;
}

/**
 * The handle of a route whose children are a chunk of their own, added to the router on the first
 * navigation under it (`patchLazyChildren`): a table of pages few visitors open (the management
 * area) stays out of every page's first load.
 */
export function lazyChildren(load: LazyChildren['lazyChildren']): LazyChildren {
  return { lazyChildren: load };
}

function loaderOf(handle: unknown): LazyChildren['lazyChildren'] | undefined {
  if (typeof handle !== 'object' || handle === null || !('lazyChildren' in handle)) return undefined;
  return (handle as LazyChildren).lazyChildren;
}

/**
 * react-router's `patchRoutesOnNavigation`: it is called for a path the known routes match only
 * partly or through a catch-all, with the routes matched so far; each of them that has lazy children
 * not loaded yet gets them (react-router then matches again, deeper).
 */
export const patchLazyChildren: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  for (const { route } of matches) {
    const load = loaderOf(route.handle);
    if (load && route.id && !route.children?.length) patch(route.id, (await load()).routes);
  }
};
