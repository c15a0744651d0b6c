import type { Config } from '../config';
import type { AppEvents } from '../events';
import type { Database, Db } from './db/client';
import type { Events } from './events';
import type { Jobs } from './jobs/jobs';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './observability/metrics';
import type { Storage } from './storage/storage';

/** What every module receives: settings, the database, file storage and mail. */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** Background jobs (pg-boss); workers start when the server listens (ACADEMY_ROLE all or worker). */
  jobs: Jobs;
  /** Prometheus metrics served at /metrics; modules add their own. */
  metrics: Metrics;
  /** Events between modules; app.ts registers the handlers. */
  events: Events<AppEvents>;
};
