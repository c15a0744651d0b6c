// `npm test`: unit and API tests (PGlite; PostgreSQL first when TEST_DATABASE_URL is set, with the
// engine-dependent files again on PGlite), then the browser journeys in Debian's Chromium against
// the freshly built product. Prints how long each phase took. docs/testing.md explains the suite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The journeys' browser (e2e/playwright.config.ts picks it the same way).
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';
const timings = [];

function run(name, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push(`${name.padEnd(24)} ${String(seconds).padStart(4)} s`);
  if (result.status !== 0) {
    report();
    process.exit(result.status ?? 1);
  }
}

function report() {
  console.log(`\nnpm test phases:\n${timings.map((t) => `  ${t}`).join('\n')}`);
}

run('unit + API tests', 'npx', ['vitest', 'run']);

if (!existsSync(CHROMIUM)) {
  report();
  const banner = `\n!!! Browser journeys SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium-headless-shell) !!!\n`;
  if (process.env.CI) {
    console.error(`${banner}CI is set, so this is a failure.`);
    process.exit(1);
  }
  console.warn(banner);
  process.exit(0);
}
run('build', 'npm', ['run', 'build']);
run('browser journeys', 'npm', ['run', 'test', '-w', 'e2e']);
report();
