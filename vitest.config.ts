import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs once, on PostgreSQL when TEST_DATABASE_URL is set (copies of a template
 * database are the cheapest fresh databases) and on PGlite otherwise. The files whose subject
 * depends on the engine — query shapes, locks and concurrency, migrations, streamed reads,
 * connection loss — run on PGlite as well (docs/testing.md).
 */
const ENGINE_DEPENDENT = [
  'apps/api/src/modules/exams/concurrency.test.ts',
  'apps/api/src/platform/db/prepared.test.ts',
  'apps/api/src/modules/recertification/recertification.test.ts',
  'apps/api/src/modules/study/queries.test.ts',
  'apps/api/src/modules/news/news-reads.test.ts',
  'apps/api/src/modules/progress/export-scale.test.ts',
  'apps/api/src/modules/users/users-admin.test.ts',
  'apps/api/src/modules/media/recovery.test.ts',
  'apps/api/src/platform/idp/adapter.test.ts',
  'apps/api/src/platform/idp/restart.test.ts',
  'apps/api/src/modules/assignments/compliance.test.ts',
  'apps/api/src/modules/assignments/digests.test.ts',
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const apiProject = (name: string, engine: 'postgres' | 'pglite', include: string[]) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', '**/dist/**'],
    env: { ACADEMY_TEST_ENGINE: engine },
    globalSetup: ['apps/api/test/global-setup.ts'],
    setupFiles: ['apps/api/test/setup.ts'],
    isolate: false,
    // global.gc for the memory-bound tests (export-scale, sheet limits): they measure from a clean heap.
    execArgv: ['--expose-gc'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Test files wait on PostgreSQL, ffmpeg and scrypt as much as they compute, so even a 2-core
    // machine runs two files at once.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Transformed modules are kept on disk between runs: a second run of one file skips the
    // TypeScript transform of the whole server.
    experimental: { fsModuleCache: true },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      apiProject('api', onPostgres ? 'postgres' : 'pglite', ['apps/api/**/*.test.ts']),
      ...(onPostgres ? [apiProject('api-pglite', 'pglite', ENGINE_DEPENDENT)] : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
