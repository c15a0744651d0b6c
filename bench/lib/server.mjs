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

/**
 * Proportional set size of a process in MB (Linux /proc/<pid>/smaps_rollup), 0 when it is gone: its
 * resident memory with each page shared with other processes (the node binary, libraries) counted
 * as its share, which is what the process costs a machine running several.
 */
export function pssMb(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples a process's RSS every 100 ms (and its PSS every 500 ms: reading it walks the page tables)
 * until stop(), which returns the start and the peaks in MB.
 */
export function sampleRss(pid) {
  const start = rssMb(pid);
  let peak = start;
  let peakPss = pssMb(pid);
  let ticks = 0;
  const sample = () => {
    peak = Math.max(peak, rssMb(pid));
    if (ticks++ % 5 === 0) peakPss = Math.max(peakPss, pssMb(pid));
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssMb(pid));
      peakPss = Math.max(peakPss, pssMb(pid));
      return { start, peak, peakPss };
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
  // BENCH_NODE_ARGS: node or V8 flags for the server (e.g. to compare heap settings).
  const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const launch = async () => {
    child = spawn(process.execPath, [...nodeArgs, ...extraArgs, entry], {
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
        // As `npm start` sets them (package.json; decisions 135, 183).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
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
    pssMb: () => pssMb(child.pid),
    stop: () => kill('SIGTERM'),
    /** SIGKILL, to the server and the processes it started (as when the machine or container dies). */
    kill: () => kill('SIGKILL'),
    restart: launch,
  };
}
