import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../src/platform/db/client';

/**
 * Test databases start from templates made once per change of the code: migrated (`empty`), and
 * migrated with the demo data (`seeded`); both hold the provider's signing keys. A test file gets its
 * own copy in a fraction of a second instead of migrating and seeding (docs/testing.md).
 */
export type TemplateKind = 'empty' | 'seeded';

const API_ROOT = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');
export const TEMPLATE_DIR = path.join(REPO_ROOT, '.tmp/test-templates');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !f.endsWith('.test.ts') && /\.(ts|sql|json)$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Changes whenever the migrations, the seed or anything they use may have changed: every source
 * file of the server and the contract (a few hundred small files, hashed in milliseconds).
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const dirs = [
    path.join(API_ROOT, 'drizzle'),
    path.join(API_ROOT, 'src'),
    path.join(REPO_ROOT, 'packages/contract/src'),
  ];
  for (const file of dirs.flatMap(sourceFiles)) {
    hash.update(path.relative(REPO_ROOT, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

// The server's modules are loaded only when a template is built: a run whose templates exist
// (every run but the first after a change) starts without them.
async function openDatabase(options: { databaseUrl?: string; pgliteDir: string; poolSize?: number }) {
  const client = await import('../src/platform/db/client');
  return client.openDatabase(options);
}

async function migrateWithKeys(database: Database): Promise<void> {
  const { loadIdpSecrets } = await import('../src/platform/idp/keys');
  await database.migrate();
  await loadIdpSecrets(database.db);
}

async function seed(database: Database): Promise<void> {
  const { seedDemoData } = await import('../src/demo/seed');
  await seedDemoData(database.db);
}

export function pgliteTemplatePath(key: string, kind: TemplateKind): string {
  return path.join(TEMPLATE_DIR, `pglite-${key}-${kind}.tar`);
}

async function writeSnapshot(database: Database, file: string): Promise<void> {
  const snapshot = await database.snapshot?.();
  if (!snapshot) throw new Error('PGlite gave no snapshot');
  // Written aside and renamed: a run beside this one never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  fs.renameSync(partial, file);
}

/**
 * Writes this key's PGlite snapshots unless they are there, from one database: snapshotted once
 * migrated (`empty`), then again once seeded (`seeded`).
 */
export async function ensurePgliteTemplates(key: string): Promise<void> {
  const empty = pgliteTemplatePath(key, 'empty');
  const seeded = pgliteTemplatePath(key, 'seeded');
  if (fs.existsSync(empty) && fs.existsSync(seeded)) return;
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateWithKeys(database);
    await writeSnapshot(database, empty);
    await seed(database);
    await writeSnapshot(database, seeded);
  } finally {
    await database.close();
  }
  for (const old of fs.readdirSync(TEMPLATE_DIR)) {
    if (old.startsWith('pglite-') && !old.includes(key))
      fs.rmSync(path.join(TEMPLATE_DIR, old), { force: true });
  }
}

/** The file of a PGlite template, written first when it is missing. */
export async function ensurePgliteTemplate(key: string, kind: TemplateKind): Promise<string> {
  const file = pgliteTemplatePath(key, kind);
  if (!fs.existsSync(file)) await ensurePgliteTemplates(key);
  return file;
}

export function postgresTemplateName(key: string, kind: TemplateKind): string {
  return `academy_tpl_${key}_${kind}`;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const KEPT_FOREIGN_TEMPLATES = 16;

/** Creates the PostgreSQL template database unless this key's exists; drops older keys' ones. */
export async function ensurePostgresTemplate(
  adminUrl: string,
  key: string,
  kind: TemplateKind,
): Promise<string> {
  const name = postgresTemplateName(key, kind);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One builder at a time across concurrent runs on the same server.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      // The seeded template is the empty one plus the demo data: copied from it, not migrated again.
      const from =
        kind === 'seeded' ? ` TEMPLATE ${await ensurePostgresTemplate(adminUrl, key, 'empty')}` : '';
      await admin.query(`CREATE DATABASE ${building}${from}`);
      const database = await openDatabase({
        databaseUrl: databaseUrl(adminUrl, building),
        pgliteDir: '',
        poolSize: 2,
      });
      try {
        if (kind === 'seeded') await seed(database);
        else await migrateWithKeys(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    }
    // Runs of other checkouts on the same server (worktrees) have their own keys: the newest
    // templates are kept for them, older ones dropped (database oids grow with creation).
    const stale = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'academy\\_tpl\\_%' AND datname NOT LIKE $1
        ORDER BY oid DESC OFFSET $2`,
      [`academy_tpl_${key}_%`, KEPT_FOREIGN_TEMPLATES],
    );
    for (const { datname } of stale.rows) {
      // A template another run still copies from is left for later. One whose build was cut off is
      // marked invalid: it refuses the ALTER but can still be dropped.
      await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`).catch(() => {});
      await admin.query(`DROP DATABASE ${datname}`).catch(() => {});
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
  return name;
}
