import type { QueryClient } from '@tanstack/react-query';
import { prefetchUnreadCount } from '../../features/notifications';
import { prefetchServices } from '../../features/org';

/**
 * The reads of the site's frame (the header's news menu and bell, the footer), started by the
 * layout's route beside the page's own: the page is not drawn first and its header a round later.
 */
export function prefetchFrame(client: QueryClient, signedIn: boolean): void {
  prefetchServices(client);
  if (signedIn) prefetchUnreadCount(client);
}
