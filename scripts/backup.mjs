// `npm run backup [-- <folder or file.tar.gz>]`: the embedded database (DATA_DIR/db) and the local
// files (DATA_DIR/files, uploads in progress, mail outbox) into one .tar.gz, by default in
// DATA_DIR/../backups. The server must be stopped (PGlite is one process's database). With
// DATABASE_URL the database is in PostgreSQL: back it up with pg_dump (README); the archive then
// holds the files only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDirFromEnv, dataEntries, fail, MANIFEST, refuseWhileRunning } from './data-dir.mjs';

const dataDir = dataDirFromEnv();
refuseWhileRunning(dataDir, 'back it up');
const external = Boolean(process.env.DATABASE_URL);
// With DATABASE_URL a db/ folder is not the database in use (a PGlite from before): left out.
const entries = dataEntries(dataDir).filter((name) => !(external && name === 'db'));
if (entries.length === 0) fail(`Nothing to back up: ${dataDir} is empty or missing (set DATA_DIR?).`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2];
const archive = path.resolve(
  target && /\.(tar\.gz|tgz)$/.test(target)
    ? target
    : path.join(target ?? path.join(path.dirname(dataDir), 'backups'), `academy-${stamp}.tar.gz`),
);
mkdirSync(path.dirname(archive), { recursive: true });

const scratch = mkdtempSync(path.join(os.tmpdir(), 'academy-backup-'));
const partial = `${archive}.partial`;
try {
  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dataDir,
    entries,
    database: external ? 'PostgreSQL (not in this archive: use pg_dump)' : 'embedded (db/)',
  };
  writeFileSync(path.join(scratch, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  // The system tar (GNU tar on Linux, bsdtar on macOS and Windows 10+); written under a temporary
  // name, so an archive with the final name is always whole.
  execFileSync('tar', ['-czf', partial, '-C', scratch, MANIFEST, '-C', dataDir, ...entries], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  renameSync(partial, archive);
} catch (err) {
  rmSync(partial, { force: true });
  fail(`Backup failed: ${err.message}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const mb = (statSync(archive).size / 1024 / 1024).toFixed(1);
console.log(`Backed up ${dataDir} (${entries.join(', ')}) to ${archive} (${mb} MB)`);
if (external) {
  console.log(
    'DATABASE_URL is set: the database is not in this archive. Back it up with pg_dump (see README).',
  );
}
