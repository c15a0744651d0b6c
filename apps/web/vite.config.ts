import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageRoutesPlugin } from './scripts/page-routes.mjs';

/**
 * SOURCEMAP (README): `hidden` (default) writes the maps without linking them from the scripts, and
 * the server never serves them; `public` links and serves them; `off` writes none.
 */
const SOURCE_MAPS = { hidden: 'hidden', public: true, off: false } as const;
const sourcemap = SOURCE_MAPS[(process.env.SOURCEMAP ?? 'hidden') as keyof typeof SOURCE_MAPS] ?? 'hidden';

const OVERLAYS =
  /node_modules\/(@mantine\/core\/esm\/(components\/(Popover|Menu|Modal|ModalBase|Drawer|ScrollArea|Transition|Portal|FocusTrap|Tooltip|CloseButton|Overlay|Floating)\/|utils\/Floating)|@floating-ui\/|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tabbable)/;

export default defineConfig({
  plugins: [react(), pageRoutesPlugin()],
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
  build: {
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
          groups: [{ name: 'overlays', test: OVERLAYS, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
