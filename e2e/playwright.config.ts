import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://localhost:${PORT}`;
// One data folder per port, so journeys of several checkouts or helpers can run side by side.
const DATA_DIR = `.tmp/e2e-data-${PORT}`;

/**
 * Journeys run in Debian's Chromium (never a downloaded browser) against the built product,
 * started exactly as `npm start` does, on a fresh embedded database.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Journeys are long (several sign-ins, uploads); a loaded CI machine needs the headroom.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../.tmp/e2e-results-${PORT}`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs`,
    cwd: '..',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), DATA_DIR, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
  },
});
