// What `npm run backup` and `npm run restore` share: where DATA_DIR is, whether a server is using
// it, and which of its entries belong in a backup.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The archive's own description, stored next to the data entries. */
export const MANIFEST = 'academy-backup.json';
/** Written by the embedded server while it runs (apps/api/src/platform/db/server-pid.ts). */
export const SERVER_PID_FILE = 'server.pid';
/** Not data: encoding scratch space, the running server's pid, a restore in progress. */
const NOT_DATA = new Set(['work', SERVER_PID_FILE]);
export const RESTORE_PREFIX = '.restore-';
export const REPLACED_PREFIX = '.replaced-';

/** DATA_DIR as the server reads it: the environment variable, else ./data, from the current folder. */
export function dataDirFromEnv() {
  return path.resolve(process.env.DATA_DIR || './data');
}

/** The pid of a live server on this data folder, or null (no file, or its process is gone). */
export function runningServer(dataDir) {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return err.code === 'EPERM' ? pid : null;
  }
}

export function refuseWhileRunning(dataDir, action) {
  const pid = runningServer(dataDir);
  if (pid === null) return;
  console.error(
    `The server (pid ${pid}) is running on ${dataDir}: stop it before you ${action}.\n` +
      'The embedded database belongs to one process and is only consistent on disk once it has stopped.\n' +
      `(If no server is running there, the pid was reused: delete ${path.join(dataDir, SERVER_PID_FILE)}.)`,
  );
  process.exit(1);
}

/** The top-level entries of the data folder that a backup holds. */
export function dataEntries(dataDir) {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir).filter(
    (name) => !NOT_DATA.has(name) && !name.startsWith(RESTORE_PREFIX) && !name.startsWith(REPLACED_PREFIX),
  );
}

export function fail(message) {
  console.error(message);
  process.exit(1);
}
