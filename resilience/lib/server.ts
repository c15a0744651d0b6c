import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './ports';

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'apps/api/dist/main.js');

export type ServerOptions = {
  /** Files, tus staging and (without databaseUrl) the PGlite database. Shared by processes that share it. */
  dataDir: string;
  databaseUrl?: string;
  /** The address users reach (the load balancer's, when several processes serve one product). */
  publicUrl?: string;
  port?: number;
  env?: Record<string, string>;
};

export type ServerProcess = {
  url: string;
  port: number;
  /** Everything the process wrote to stdout and stderr so far (its JSON log lines). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the same server again (same port, data and settings) after a kill. */
  restart(): Promise<void>;
};

/**
 * Starts the built API (`apps/api/dist/main.js`, as `npm start` does after building) as its own
 * process and waits until /health answers. Build first (`npm run build`).
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  if (!existsSync(entry)) throw new Error('apps/api/dist/main.js is missing: run `npm run build` first');
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: options.publicUrl ?? url,
    // No SCORM content origin: PORT + 1 may be another server's.
    CONTENT_PORT: '0',
    LOG_LEVEL: 'info',
    // Demo accounts and content, on PostgreSQL too: the suites sign in as the README's demo users.
    DEMO_DATA: 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  let log = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    await waitForHealth(
      url,
      () => child.exitCode !== null,
      () => log,
    );
  };

  await launch();
  return {
    url,
    port,
    output: () => log,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    restart: launch,
  };
}

async function waitForHealth(url: string, exited: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited while starting:\n${log().slice(-4000)}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not become healthy:\n${log().slice(-4000)}`);
}
