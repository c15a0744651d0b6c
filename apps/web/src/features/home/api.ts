import type { THomePage } from '@academy/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';
import { featuredCoursesQuery } from '../academy';
import { outstandingNewsQuery } from '../news';

export const HOMEPAGE_KEY = ['homepage'] as const;

/** The home settings page's changes are in manage-api.ts, out of the first load (decision 184). */
const homePage = endpoint<THomePage>('GET', 'homepage');

/** Banners, popup and footer contact (GET homepage). Public; the footer reads it on every page. */
const homePageQuery = () =>
  queryOptions({ queryKey: HOMEPAGE_KEY, queryFn: () => homePage.call(), staleTime: 5 * 60_000 });

export function useHomePage() {
  return useQuery(homePageQuery());
}

/** `/`'s loader (decision 131): banners, featured courses and outstanding news start with the route. */
export function prefetchHomePage(client: QueryClient): void {
  void client.prefetchQuery(homePageQuery());
  void client.prefetchQuery(featuredCoursesQuery());
  void client.prefetchQuery(outstandingNewsQuery());
}
