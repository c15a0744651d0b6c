// `npm run restore -- <archive.tar.gz> [--force]`: puts a backup made by `npm run backup` back
// into DATA_DIR. Refuses while a server runs on it, and refuses a DATA_DIR that holds data unless
// --force (which replaces that data). The archive is unpacked and checked in a folder inside
// DATA_DIR first; only then are the folders swapped in, each with one rename.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  dataDirFromEnv,
  dataEntries,
  fail,
  MANIFEST,
  REPLACED_PREFIX,
  RESTORE_PREFIX,
  refuseWhileRunning,
  SERVER_PID_FILE,
} from './data-dir.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => a !== '--force');
if (!file) fail('Usage: npm run restore -- <backup.tar.gz> [--force]');
const archive = path.resolve(file);
if (!existsSync(archive)) fail(`No such backup: ${archive}`);

const dataDir = dataDirFromEnv();
refuseWhileRunning(dataDir, 'restore into it');
const current = dataEntries(dataDir);
if (current.length > 0 && !force) {
  fail(
    `${dataDir} already holds data (${current.join(', ')}).\n` +
      'Run again with --force to replace it (take a backup of it first if you may need it).',
  );
}

mkdirSync(dataDir, { recursive: true });
const id = `${process.pid}-${Date.now()}`;
// Inside DATA_DIR, so every rename below stays on one file system (DATA_DIR may be a mount point).
const staging = path.join(dataDir, `${RESTORE_PREFIX}${id}`);
const replaced = path.join(dataDir, `${REPLACED_PREFIX}${id}`);
try {
  mkdirSync(staging);
  execFileSync('tar', ['-xzf', archive, '-C', staging], { stdio: ['ignore', 'inherit', 'inherit'] });
  const manifestFile = path.join(staging, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`not a backup made by npm run backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
  rmSync(path.join(staging, MANIFEST));
} catch (err) {
  rmSync(staging, { recursive: true, force: true });
  fail(`Restore failed, ${dataDir} is unchanged: ${err.message}`);
}

// The swap: the current data moves aside, the restored data moves in, the old data is deleted.
mkdirSync(replaced);
for (const name of current) renameSync(path.join(dataDir, name), path.join(replaced, name));
rmSync(path.join(dataDir, SERVER_PID_FILE), { force: true });
const restored = readdirSync(staging);
for (const name of restored) renameSync(path.join(staging, name), path.join(dataDir, name));
rmSync(staging, { recursive: true, force: true });
rmSync(replaced, { recursive: true, force: true });
console.log(`Restored ${archive} into ${dataDir} (${restored.join(', ')})`);
