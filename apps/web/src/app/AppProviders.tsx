import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './reduced-motion.css';
import '../lib/i18n';
import { COLOR_SCHEME_KEY } from '@academy/contract';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthPermissions } from './AuthPermissions';
import { LazyNotifications } from './LazyNotifications';
import { cssVariablesResolver, theme } from './theme';

/** The colour scheme follows the system unless the user chose one in the user menu (this browser). */
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * What every page is drawn in, in the browser (App.tsx) and on the server (render.tsx): Mantine's
 * theme, the toasts, the query cache and the permission checks. `auth` puts the signed-in state
 * around the permissions: the browser's AuthProvider, or the server's static one.
 */
export function AppProviders({
  client,
  auth: Auth,
  children,
}: {
  client: QueryClient;
  auth: (props: { children: ReactNode }) => ReactNode;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <LazyNotifications />
      <QueryClientProvider client={client}>
        <Auth>
          <AuthPermissions>{children}</AuthPermissions>
        </Auth>
      </QueryClientProvider>
    </MantineProvider>
  );
}
