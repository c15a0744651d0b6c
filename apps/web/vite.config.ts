import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageRoutesPlugin } from './scripts/page-routes.mjs';

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
  build: { sourcemap: true, manifest: true, chunkSizeWarningLimit: 600 },
});
