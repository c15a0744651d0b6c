import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './reduced-motion.css';
import '../lib/i18n';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AuthPermissions } from './AuthPermissions';
import { AuthProvider } from './auth/AuthProvider';
import { installApiAuth } from './auth/api-auth';
import { LazyNotifications } from './LazyNotifications';
import { patchLazyChildren } from './lazy-children';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

// Before the router starts the first page's loaders: their requests carry the stored token.
installApiAuth();
// The management area's pages join the table on the first navigation there (lazy-children.ts).
const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchLazyChildren });

/** The colour scheme follows the system unless the user chose one in the user menu (this browser). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'academy.color-scheme' });

export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AuthPermissions>
            <RouterProvider router={router} />
          </AuthPermissions>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
