import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { databaseUnavailableReason } from '../db/errors';

/**
 * Background jobs with pg-boss 10 (Node 20; pg-boss 11+ needs Node 22), on whichever database the
 * app uses: pg-boss's `db` adapter runs its SQL through our own connection — the pg pool on
 * PostgreSQL, the one PGlite instance when embedded (pg-boss's schema and its SKIP LOCKED
 * queries work on PGlite). Jobs live in the database, so they survive a restart; a failed job is
 * retried with backoff.
 *
 * Sending a job starts pg-boss lazily. Workers run only after `startWorkers()` (the server calls
 * it when it starts listening; tests call it when they want jobs processed).
 */

export type QueueSettings = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job still active after this long is failed (and retried) by pg-boss's maintenance. */
  expireInSeconds: number;
};

export type JobContext<T> = {
  id: string;
  data: T;
  /** Retries so far (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the job system stops (shutdown): stop work and throw. */
  signal: AbortSignal;
};

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

type Registration = {
  name: string;
  settings: QueueSettings;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different payload types share one list
  handler?: JobHandler<any>;
  concurrency: number;
};

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** pg-boss's Db interface over a PGlite instance: parameterless SQL may hold several statements. */
function pgliteAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

function poolAdapter(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await pool.query(text, values);
      // Several statements answer with one result each; pg-boss reads only single-statement rows.
      return Array.isArray(result)
        ? { rows: (result.at(-1) as pg.QueryResult | undefined)?.rows ?? [] }
        : result;
    },
  };
}

/**
 * The adapter with every call it makes kept in `inFlight` until it settles: pg-boss records a
 * finished job's completion or failure without waiting for it, so stopping waits for these calls
 * before the caller closes the database (on a closed pool they would crash the process).
 */
function trackedAdapter(db: PgBoss.Db, inFlight: Set<Promise<unknown>>): PgBoss.Db {
  return {
    executeSql(text: string, values: unknown[]) {
      const call = db.executeSql(text, values);
      inFlight.add(call);
      const forget = () => inFlight.delete(call);
      call.then(forget, forget);
      return call;
    },
  };
}

export class Jobs {
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private readonly queues = new Map<string, Registration>();
  private workersStarted = false;
  private workersFailed = false;
  private workersRunning = false;
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private readonly databaseCalls = new Set<Promise<unknown>>();
  private readonly startHooks: Array<{ run: () => Promise<void>; everyMs: number | undefined }> = [];
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Declares a queue and (optionally) its handler; call before sending to it. */
  define<T>(
    name: string,
    settings: QueueSettings,
    handler?: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): void {
    this.queues.set(name, { name, settings, handler, concurrency: Math.max(1, options.concurrency ?? 1) });
  }

  private async instance(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    if (this.stopping.signal.aborted) throw new Error('the job system has stopped');
    this.starting ??= (async () => {
      // The drizzle client exposes its driver as $client: a PGlite instance or a pg pool.
      const client = (this.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
      const db = trackedAdapter(
        this.database.engine === 'pglite' ? pgliteAdapter(client as PGlite) : poolAdapter(client as pg.Pool),
        this.databaseCalls,
      );
      const boss = new PgBoss({ db, schedule: false, supervise: true, migrate: true });
      boss.on('error', (err) => this.logFailure(err, 'job system error'));
      await boss.start();
      for (const queue of this.queues.values()) {
        const { settings } = queue;
        await boss.createQueue(queue.name, {
          name: queue.name,
          retryLimit: settings.retryLimit,
          retryDelay: settings.retryDelaySeconds,
          retryBackoff: settings.retryBackoff,
          expireInSeconds: settings.expireInSeconds,
        });
      }
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  /** Queues a job; returns its id. */
  async send<T extends object>(name: string, data: T): Promise<string> {
    if (!this.queues.has(name)) throw new Error(`unknown job queue ${name}`);
    const boss = await this.instance();
    const id = await boss.send(name, data);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /** The state of a job, or null when pg-boss no longer has it. */
  async state(name: string, id: string): Promise<JobState | null> {
    const boss = await this.instance();
    const job = await boss.getJobById(name, id);
    return (job?.state as JobState | undefined) ?? null;
  }

  /**
   * Fails an active job whose worker died (the process was killed): pg-boss then retries it
   * if it has retries left.
   */
  async failActive(name: string, id: string, message: string): Promise<boolean> {
    const boss = await this.instance();
    const job = await boss.getJobById(name, id);
    if (job?.state !== 'active') return false;
    await boss.fail(name, id, { message });
    return true;
  }

  /** Work to do when workers start (e.g. resume interrupted jobs), repeated every `everyMs`. */
  onWorkersStart(run: () => Promise<void>, everyMs?: number): void {
    this.startHooks.push({ run, everyMs });
  }

  private async runHook(run: () => Promise<void>): Promise<void> {
    if (this.stopping.signal.aborted) return;
    try {
      await run();
    } catch (err) {
      this.logFailure(err, 'job system maintenance failed');
    }
  }

  /** While the database is down, background work fails every few seconds: one short warning each. */
  private logFailure(err: unknown, message: string): void {
    const unavailable = databaseUnavailableReason(err);
    if (unavailable) this.log.warn({ reason: unavailable }, `${message}: database unavailable`);
    else this.log.error({ err }, message);
  }

  /** This process's workers, for /health: off until `startWorkers()` is called (never with ACADEMY_ROLE=api). */
  workerState(): 'running' | 'starting' | 'off' | 'failed' {
    if (this.workersFailed) return 'failed';
    if (this.workersRunning) return 'running';
    return this.workersStarted ? 'starting' : 'off';
  }

  /** Jobs waiting to run (created or retrying) in each declared queue, for /metrics. */
  async queueDepths(): Promise<Array<{ queue: string; depth: number }>> {
    const boss = await this.instance();
    const depths = [];
    for (const name of this.queues.keys()) depths.push({ queue: name, depth: await boss.getQueueSize(name) });
    return depths;
  }

  /** Starts the workers of every queue that has a handler. */
  async startWorkers(): Promise<void> {
    if (this.workersStarted) return;
    this.workersStarted = true;
    try {
      await this.startEachWorker();
      this.workersRunning = true;
    } catch (err) {
      this.workersFailed = true;
      throw err;
    }
  }

  private async startEachWorker(): Promise<void> {
    const boss = await this.instance();
    for (const queue of this.queues.values()) {
      const handler = queue.handler;
      if (!handler) continue;
      for (let i = 0; i < queue.concurrency; i++) {
        await boss.work(
          queue.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
          async ([job]: PgBoss.JobWithMetadata<object>[]) => {
            if (!job) return;
            const work = handler({
              id: job.id,
              data: job.data,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              signal: this.stopping.signal,
            });
            this.running.add(work);
            try {
              await work;
            } catch (err) {
              this.log.warn({ err, job: job.id, queue: queue.name }, 'job failed');
              throw err;
            } finally {
              this.running.delete(work);
            }
          },
        );
      }
    }
    for (const hook of this.startHooks) {
      await this.runHook(hook.run);
      if (hook.everyMs) {
        const timer = setInterval(() => void this.runHook(hook.run), hook.everyMs);
        timer.unref();
        this.timers.push(timer);
      }
    }
  }

  /**
   * Stops workers (running jobs are told to stop and are retried later) and pg-boss, then waits
   * until no job and no call of pg-boss's is left: the caller closes the database next. A job
   * handed to a worker while stopping, or one slower to stop than pg-boss waits for, still ends
   * and has its end recorded before that.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers) clearInterval(timer);
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    if (!boss) return;
    await Promise.allSettled([...this.running]);
    await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    while (this.running.size > 0 || this.databaseCalls.size > 0) {
      await Promise.allSettled([...this.running, ...this.databaseCalls]);
      // pg-boss records a job's end a few promise turns after the job settles.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job system (tests start its workers with `app.jobs.startWorkers()`). */
    jobs: Jobs;
  }
}
