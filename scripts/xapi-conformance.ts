// Runs ADL's LRS conformance test suite (github.com/adlnet/lrs-conformance-test-suite, checked out
// and `npm install`ed outside this repository) against the academy's LRS: an in-memory database
// (or DATABASE_URL), a fresh key, the server on a free port. docs/xapi.md says how.
//   LRS_SUITE_DIR=/path/to/lrs-conformance-test-suite npx tsx scripts/xapi-conformance.ts [suite args…]
import { spawn } from 'node:child_process';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createCredential, XAPI_PREFIX } from '../apps/api/src/modules/xapi';
import { openDatabase } from '../apps/api/src/platform/db/client';

const suite = process.env.LRS_SUITE_DIR;
if (!suite) throw new Error('Set LRS_SUITE_DIR to a checkout of adlnet/lrs-conformance-test-suite');
const port = Number(process.env.XAPI_PORT ?? 3799);
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ACADEMY_ROLE: 'api',
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://' });
await database.migrate();
const app = await buildApp({ config, database, webDist: false });
await app.listen({ port, host: '127.0.0.1' });
const { key, secret } = await createCredential(database.db, {
  name: 'Conformance suite',
  canRead: true,
  canWrite: true,
  createdBy: null,
});

const child = spawn(
  process.execPath,
  [
    'bin/console_runner.js',
    '-e',
    `http://127.0.0.1:${port}${XAPI_PREFIX}`,
    '-a',
    '-u',
    key,
    '-p',
    secret,
    '-x',
    '1.0.3',
    ...process.argv.slice(2),
  ],
  { cwd: suite, stdio: 'inherit' },
);
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await app.close();
await database.close();
process.exit(code);
