import type { TMarkReadInput, TNotification, TNotificationPreference, TUnreadCount } from '@academy/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { usePagedList } from '../../lib/queries';

export const NOTIFICATIONS_KEY = ['notifications'] as const;
const PREFERENCES_KEY = [...NOTIFICATIONS_KEY, 'preferences'] as const;

const notificationsApi = {
  unread: endpoint<TUnreadCount>('GET', 'notifications/unread-count'),
  list: listEndpoint<TNotification>('notifications'),
  markRead: endpoint<TUnreadCount>('POST', 'notifications/read'),
  preferences: endpoint<TNotificationPreference[]>('GET', 'notifications/preferences'),
  savePreferences: endpoint<TNotificationPreference[]>('PUT', 'notifications/preferences'),
};

const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: async () => (await notificationsApi.unread.call()).unread,
  });

/** The unread count (the header's bell), refreshed every minute and when the window regains focus. */
export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQuery(), refetchInterval: 60_000, enabled });
}

/** Started with a signed-in page by its route, beside the page's own reads (app/layout/frame-data.ts). */
export function prefetchUnreadCount(client: QueryClient): void {
  void client.prefetchQuery(unreadCountQuery());
}

/** One page of the caller's notifications (page, size, unread). */
export function useNotificationList(query: Query) {
  return usePagedList(NOTIFICATIONS_KEY, notificationsApi.list, query);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMarkReadInput) => notificationsApi.markRead.call(undefined, { body: input ?? {} }),
    onSuccess: (result) => {
      queryClient.setQueryData([...NOTIFICATIONS_KEY, 'unread'], result.unread);
      void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    },
  });
}

export function usePreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => notificationsApi.preferences.call() });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreference[]) =>
      notificationsApi.savePreferences.call(undefined, { body }),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
