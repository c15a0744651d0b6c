import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadAllStrings } from '../lib/i18n';

/**
 * A route whose page is its own chunk: the module's default export is the page. The page waits
 * for the whole string catalogue too (loaded in parallel with its chunk), except pages drawn
 * with the frame's strings alone (`frameStrings`: the home page).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  options: { frameStrings?: boolean } = {},
): LazyRouteFunction<RouteObject> {
  return async () => {
    const [page] = await Promise.all([load(), options.frameStrings ? undefined : loadAllStrings()]);
    return { Component: page.default };
  };
}
