// The built product as its own process (`node apps/api/dist/main.js`, what `npm start` runs after
// building), so that its pid is the server's and its RSS is the server's memory.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** BENCH_ENTRY: another build of the server (e.g. the code before a change, to compare CPU). */
const entry = process.env.BENCH_ENTRY ?? path.join(root, 'apps/api/dist/main.js');

// Ctrl-C or a kill of the bench exits through process.exit, so the servers' exit hooks below run.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

/** Resident memory of a process in MB (Linux /proc), 0 when it is gone. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The processes `pid` started (Linux /proc), e.g. the server's ffmpeg encoders. */
export function childPids(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {}
  }
  return children;
}

/** Samples a process's RSS every 100 ms until stop(), which returns the peak and the start in MB. */
export function sampleRss(pid) {
  const start = rssMb(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssMb(pid));
      return { start, peak };
    },
  };
}

/**
 * Starts the built API on `port` with DATA_DIR `dataDir` (and DATABASE_URL when given) and waits
 * for /health. `npm run build` first: the bench measures what ships. `nodeArgs` go before the
 * entry (e.g. --cpu-prof).
 */
export async function startBuiltServer({ port, dataDir, databaseUrl, env = {}, nodeArgs = [] }) {
  if (!existsSync(entry)) throw new Error('apps/api/dist/main.js is missing: run `npm run build` first');
  mkdirSync(dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  let child;
  const launch = async () => {
    child = spawn(process.execPath, [...nodeArgs, entry], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        // No SCORM content origin: PORT + 1 may be another server's.
        CONTENT_PORT: '0',
        LOG_LEVEL: 'error',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      },
    });
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/health`)).ok) return;
      } catch {}
      if (i > 360) throw new Error('server did not become healthy');
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const kill = async (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // A crash takes the server's encoders with it; a stop lets the server end them itself.
    const children = signal === 'SIGKILL' ? childPids(child.pid) : [];
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    for (const pid of children) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  };
  process.on('exit', () => child?.kill('SIGKILL'));
  await launch();
  return {
    url,
    get pid() {
      return child.pid;
    },
    rssMb: () => rssMb(child.pid),
    stop: () => kill('SIGTERM'),
    /** SIGKILL, to the server and the processes it started (as when the machine or container dies). */
    kill: () => kill('SIGKILL'),
    restart: launch,
  };
}
