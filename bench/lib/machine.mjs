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
