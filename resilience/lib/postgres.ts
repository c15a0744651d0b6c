import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './ports';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A PostgreSQL cluster of our own (initdb into .tmp, its own port), so a test can stop and start
 * the database server without touching the machine's shared one. Needs Debian's PostgreSQL
 * binaries; as root the cluster runs as the `postgres` user.
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
};

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return path.join(base, version, 'bin');
}

function asPostgres(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

export async function startPrivatePostgres(name: string): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = path.join(root, '.tmp/resilience-pg', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    execFileSync('chown', ['-R', 'postgres:postgres', path.dirname(dir)]);
    // runuser needs to reach the folder through every parent.
    chmodSync(path.dirname(dir), 0o777);
  }
  const port = await freePort();
  const data = path.join(dir, 'data');
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const pgCtl = (action: 'start' | 'stop') =>
    asPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      ...(action === 'start'
        ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']
        : ['-m', 'fast', 'stop']),
    ]);
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pgCtl('stop'),
    start: () => pgCtl('start'),
    destroy() {
      try {
        pgCtl('stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
