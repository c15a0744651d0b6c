import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: the product as real processes (the built server, a private PostgreSQL
 * cluster, a tmpfs), killed and restarted on purpose. Slow, so not part of `npm test`.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.resilience.ts'],
    // Each file starts its own servers and its own PostgreSQL; one at a time keeps them apart.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
