// `npm test`: unit and API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is set),
// then the browser journeys in Debian's Chromium against a freshly built product.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vitest', 'run']);

if (!existsSync(CHROMIUM)) {
  const banner = `\n!!! Browser journeys SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium) !!!\n`;
  if (process.env.CI) {
    console.error(`${banner}CI is set, so this is a failure.`);
    process.exit(1);
  }
  console.warn(banner);
  process.exit(0);
}
if (existsSync('e2e/playwright.config.ts')) {
  run('npm', ['run', 'build']);
  run('npm', ['run', 'test', '-w', 'e2e']);
}
