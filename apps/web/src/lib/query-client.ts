import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The app's one query cache: the provider's, and the one route loaders start a page's data in
 * (decision 131).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change on retry.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});
