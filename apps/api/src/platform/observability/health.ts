import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { errorBody } from '../http/errors';
import type { Jobs } from '../jobs/jobs';
import { LocalStorage } from '../storage/local';
import type { Storage } from '../storage/storage';

export type HealthReport = {
  /** ok: all fine; degraded: serving, but storage or the job runner is failing; unavailable: no database. */
  status: 'ok' | 'degraded' | 'unavailable';
  database: 'up' | 'down';
  storage: 'up' | 'down';
  /** This process's job workers: off with ACADEMY_ROLE=api, starting until the server listens. */
  jobs: 'running' | 'starting' | 'off' | 'failed';
};

const CHECK_TIMEOUT_MS = 3000;

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Local disk: the folder exists and is writable. S3: the bucket answers a HEAD of a missing key. */
function storageCheck(storage: Storage): () => Promise<unknown> {
  if (storage instanceof LocalStorage) {
    return async () => {
      await fs.mkdir(storage.root, { recursive: true });
      await fs.access(storage.root, constants.W_OK);
    };
  }
  return () => storage.stat('health/probe.txt');
}

export type HealthParts = {
  database: Database;
  storage: Storage;
  jobs: Jobs;
  /** Whether this process runs job workers (its ACADEMY_ROLE). */
  runsJobs: boolean;
};

export async function healthReport({
  database,
  storage,
  jobs,
  runsJobs,
}: HealthParts): Promise<HealthReport> {
  const [db, files] = await Promise.all([passes(() => database.ping()), passes(storageCheck(storage))]);
  const workers = jobs.workerState();
  const jobState = !runsJobs ? 'off' : workers === 'off' ? 'starting' : workers;
  const status = !db ? 'unavailable' : !files || jobState === 'failed' ? 'degraded' : 'ok';
  return { status, database: db ? 'up' : 'down', storage: files ? 'up' : 'down', jobs: jobState };
}

/**
 * GET /health for load balancers and people: 200 while the database answers (even when storage
 * or the job runner is failing: the report says which), 503 when it does not.
 */
export function registerHealth(app: FastifyInstance, parts: HealthParts): void {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const report = await healthReport(parts);
    reply.header('cache-control', 'no-store');
    return reply.status(report.status === 'unavailable' ? 503 : 200).send(report);
  });
}

/** The only paths a worker process (ACADEMY_ROLE=worker) answers. */
const WORKER_PATHS = new Set(['/health', '/metrics']);

/**
 * A worker process runs job workers and serves no users: every request but /health and /metrics
 * is answered 404 before routing, so a worker put behind the load balancer by mistake serves nothing.
 */
export function registerWorkerOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (WORKER_PATHS.has(pathname)) return;
    reply.header('cache-control', 'no-store');
    return reply
      .status(404)
      .send(errorBody(404, 'This process runs background jobs only (ACADEMY_ROLE=worker)'));
  });
}
