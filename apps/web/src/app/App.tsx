import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './AppProviders';
import { AuthProvider } from './auth/AuthProvider';
import { installApiAuth } from './auth/api-auth';
import { patchLazyChildren } from './lazy-children';
import { routes } from './routes';
import { takeServerState } from './server-state';

// Before the router starts the first page's loaders: their requests carry the stored token, and
// the data a server-rendered page was drawn from is in the cache, so they do not ask again.
installApiAuth();
takeServerState(queryClient);
// The management area's pages join the table on the first navigation there (lazy-children.ts).
export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchLazyChildren });

export function App() {
  return (
    <AppProviders client={queryClient} auth={AuthProvider}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
