// What the numbers were measured on: the machine, and how busy it was while the bench ran (the
// 1-minute load average sampled every 5 s: on a shared machine, latencies are not only the product's).
import os from 'node:os';
import { adminQuery } from './postgres.mjs';

export function loadMonitor() {
  const samples = [os.loadavg()[0]];
  const timer = setInterval(() => samples.push(os.loadavg()[0]), 5000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(os.loadavg()[0]);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      return { mean, max: Math.max(...samples) };
    },
  };
}

export async function describeMachine() {
  const [{ server_version: postgres }] = await adminQuery('show server_version');
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GB`,
    node: process.version,
    postgres: `PostgreSQL ${postgres}`,
    os: `${os.type()} ${os.release()}`,
  };
}

/**
 * Lets the machine settle before a group: PostgreSQL's autovacuum (busy after the heartbeat and
 * export loads) finishes and the 1-minute load average falls, so one group's aftermath is not
 * measured as the next group's latency. Waits at most `maxSeconds`.
 */
export async function settle(maxSeconds = 60) {
  const until = Date.now() + maxSeconds * 1000;
  while (Date.now() < until) {
    const [{ vacuums }] = await adminQuery(
      "select count(*)::int as vacuums from pg_stat_activity where backend_type = 'autovacuum worker'",
    );
    if (vacuums === 0 && os.loadavg()[0] < 1.5) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
