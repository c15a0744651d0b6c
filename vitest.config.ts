import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * API tests whose subject does not depend on the database engine (headers, cookies, logs, token
 * checks, ffmpeg, file checks, mail): they run on PGlite only, the rest on both engines.
 */
const ENGINE_INDEPENDENT = [
  'apps/api/src/platform/http/logging.test.ts',
  'apps/api/src/platform/http/security.test.ts',
  'apps/api/src/platform/http/tokens.test.ts',
  'apps/api/src/platform/idp/cookies.test.ts',
  'apps/api/src/platform/idp/external.test.ts',
  'apps/api/src/platform/mail/mailer.test.ts',
  'apps/api/src/platform/media/media.test.ts',
  'apps/api/src/platform/storage/storage.test.ts',
  'apps/api/src/platform/uploads/uploads.test.ts',
];

export default defineConfig({
  test: {
    // Test files wait on PostgreSQL, ffmpeg and scrypt as much as they compute, so even a 2-core
    // machine runs two files at once (8 min instead of 12 for the suite on both engines).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['apps/api/**/*.test.ts'],
                exclude: ['**/node_modules/**', '**/dist/**', ...ENGINE_INDEPENDENT],
                env: { ACADEMY_TEST_ENGINE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
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
