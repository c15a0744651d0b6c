import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageRoutesPlugin } from './scripts/page-routes.mjs';

/**
 * SOURCEMAP (README): `hidden` (default) writes the maps without linking them from the scripts, and
 * the server never serves them; `public` links and serves them; `off` writes none.
 */
const SOURCE_MAPS = { hidden: 'hidden', public: true, off: false } as const;
const sourcemap = SOURCE_MAPS[(process.env.SOURCEMAP ?? 'hidden') as keyof typeof SOURCE_MAPS] ?? 'hidden';

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
  build: { sourcemap, manifest: true, chunkSizeWarningLimit: 600 },
});
