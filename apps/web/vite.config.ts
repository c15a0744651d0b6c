import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { pageRoutesPlugin } from './scripts/page-routes.mjs';

/**
 * SOURCEMAP (README): `hidden` (default) writes the maps without linking them from the scripts, and
 * the server never serves them; `public` links and serves them; `off` writes none.
 */
const SOURCE_MAPS = { hidden: 'hidden', public: true, off: false } as const;
const sourcemap = SOURCE_MAPS[(process.env.SOURCEMAP ?? 'hidden') as keyof typeof SOURCE_MAPS] ?? 'hidden';

/**
 * What every page runs, in one chunk: every module the entry imports statically (rolldown's
 * `$initial` tag), the app's frame with Preact (as React), the router, the query cache, i18next
 * and the parts of Mantine the header and footer draw with (decision 184). Modules only pages use
 * (Mantine's grid, cards, badges…) go with the pages: in the frame, the ones the home page did not
 * render cost it 7 KB gzip, and the app's first-load modules, inlined into the entry as shared
 * chunks, came with a registration wrapper each and a copy in every page that imports them.
 * index.html's own module stays out, as the entry (a one-line chunk): in the group, it gave the
 * chunk the folder's name.
 */
const FRAME = {
  name: 'frame',
  test: (id: string) => !id.endsWith('.html'),
  tags: ['$initial' as const],
  includeDependenciesRecursively: false,
};

const OVERLAYS =
  /node_modules\/(@mantine\/core\/esm\/(components\/(Popover|Menu|Modal|ModalBase|Drawer|Tooltip|Floating)\/|utils\/Floating)|@floating-ui\/|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tabbable|tslib)/;

/**
 * Mantine's Notifications component alone (app/LazyNotifications.tsx loads it when the first toast
 * shows): through the package's index, the dynamic import put it and the overlays it uses in
 * every page's first load beside the store that the whole app imports statically.
 */
const NOTIFICATIONS_VIEW = fileURLToPath(
  new URL('../../node_modules/@mantine/notifications/esm/Notifications.mjs', import.meta.url),
);

/**
 * react-router's production build: its package points every bundler at the development one, whose
 * only difference is that it checks and warns as it renders (ENABLE_DEV_WARNINGS), work every page
 * did before its content showed (issue 21).
 */
const REACT_ROUTER = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The server entry (decision 195): `vite build --ssr` writes dist-server/render.js, which the API
 * imports to draw study pages. Every package is bundled in, so that the aliases above apply to
 * them as in the browser (Preact for React, react-router's production build); CSS is left out
 * (its modules' class names are the same as the browser build's) and no asset is written twice.
 */
const SERVER_BUILD = {
  ssr: true,
  outDir: 'dist-server',
  emptyOutDir: true,
  sourcemap: false,
  copyPublicDir: false,
  rolldownOptions: { input: 'src/render.tsx', output: { entryFileNames: 'render.js' } },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [] : [pageRoutesPlugin()],
  ssr: { noExternal: true, target: 'node' },
  resolve: {
    // The app is written against React's API and runs on Preact (decision 166): a third of the
    // size of React DOM, which alone took half of the home page's JavaScript budget (issue 21).
    alias: [
      { find: 'mantine-notifications-view', replacement: NOTIFICATIONS_VIEW },
      { find: /^react-router$/, replacement: REACT_ROUTER },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/services': 'http://localhost:3000',
      '/idp': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/get': 'http://localhost:3000',
    },
  },
  build: isSsrBuild
    ? SERVER_BUILD
    : {
        sourcemap,
        manifest: true,
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            // Few requests without loading what a page does not use (issue 21): shared chunks under
            // 16 KB (dozens of one-component Mantine chunks) are copied into the chunks that use them
            // instead of being a request each.
            // Mantine's overlays (popover, menu, modal, drawer, tooltip…) and what they are built on go
            // in one chunk: the header's menus load them after the first render, and most pages use some.
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
              groups: [FRAME, { name: 'overlays', test: OVERLAYS, includeDependenciesRecursively: false }],
            },
          },
        },
      },
}));
