// CPU time of the server process and of its database's PostgreSQL backends (Linux /proc). On a
// machine shared with other work, the CPU a request costs barely moves with the load; its latency
// does. Rows that are about cost report it as "API + DB µs (or ms) CPU per request".
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // /proc/<pid>/stat counts utime and stime in 1/100 s (USER_HZ)

/** utime + stime of a process in ms, or null when it is gone. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** The pids of the PostgreSQL backends connected to `database` (their command line names it). */
function backendsOf(database) {
  const pids = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres: ') && cmdline.split(' ').includes(database)) pids.push(pid);
    } catch {}
  }
  return pids;
}

/**
 * Meters the CPU of process `pid` and of the backends of `database` (when given) from now until
 * stop(), sampling every 100 ms so that a backend the pool closes meanwhile still counts. stop()
 * answers { api, database } in ms, or null where /proc is not there.
 */
export function cpuMeter(pid, database) {
  const first = new Map();
  const last = new Map();
  let pids = [];
  let ticks = 0;
  const sample = () => {
    // Finding the backends reads every process's command line: once a second is enough.
    if (ticks++ % 10 === 0) pids = [String(pid), ...(database ? backendsOf(database) : [])];
    for (const p of pids) {
      const now = cpuMs(p);
      if (now === null) continue;
      if (!first.has(p)) first.set(p, now);
      last.set(p, now);
    }
  };
  sample();
  if (!first.has(String(pid))) return { stop: () => null };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      let api = 0;
      let db = 0;
      for (const [p, end] of last) {
        const used = end - (first.get(p) ?? end);
        if (p === String(pid)) api += used;
        else db += used;
      }
      return { api, database: db };
    },
  };
}

/** The database name of a PostgreSQL URL. */
export const databaseOf = (url) => (url ? decodeURIComponent(new URL(url).pathname.slice(1)) : undefined);
