import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../lib/i18n';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../lib/api';
import { AuthPermissions } from './AuthPermissions';
import { AuthProvider } from './auth/AuthProvider';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change on retry.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

const router = createBrowserRouter(routes);

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
      <Notifications position="top-right" />
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
