import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);

/**
 * Debian's headless Chromium (package chromium-headless-shell, which CI installs), else its full
 * Chromium: the same engine without the browser's own interface, which took 45 % less of the
 * journeys' CPU (485 -> 268 CPU-s in a whole run, 2026-11-28).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';

/**
 * Journeys run in Debian's Chromium (never a downloaded browser) against the built product. Each
 * worker starts its own server exactly as `npm start` does, on ports E2E_PORT, E2E_PORT + 1, …
 * with a fresh embedded database of its own (tests/support.ts), so workers never share data.
 * A file's tests run in order in one worker; files are spread over the workers.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Three workers when the servers use PostgreSQL (TEST_DATABASE_URL): a journey mostly waits on
  // the browser and the server: three keep two cores busy (the whole set in 300 s with three on
  // 2026-11-27, about 380 s with two a day before). An embedded database costs a core of its own,
  // so two without.
  workers: Number(
    process.env.E2E_WORKERS ??
      (process.env.TEST_DATABASE_URL && process.env.E2E_DATABASE !== 'embedded' ? 3 : 2),
  ),
  retries: 0,
  // Journeys are long (several sign-ins, uploads); a loaded CI machine needs the headroom.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../.tmp/e2e-results-${PORT}`,
  use: {
    // A trace records DOM snapshots at every step, a real share of the journeys' CPU; in CI the
    // run's folder is gone afterwards, so only the printed failure is kept there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
  ],
});
