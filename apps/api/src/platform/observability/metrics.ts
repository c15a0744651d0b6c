import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '../http/errors';

export type SignInOutcome = 'success' | 'failure' | 'blocked';

type Sample<L extends string> = { labels: Record<L, string>; value: number };

/**
 * The app's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Request durations are labelled by route pattern, never by raw URL, so ids do not explode the
 * label set. Modules add gauges read at scrape time with `gauge()`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly signIns: Counter<'outcome'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'academy_' });
    this.requestDuration = new Histogram({
      name: 'academy_http_request_duration_seconds',
      help: 'HTTP request durations by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.signIns = new Counter({
      name: 'academy_sign_ins_total',
      help: 'Sign-ins on the embedded identity provider by outcome (success, failure, blocked)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
  }

  /**
   * A gauge whose samples are read when Prometheus scrapes. A failing read (e.g. the database is
   * down) leaves the gauge empty rather than failing the whole scrape.
   */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: () => Promise<Sample<L>[]>,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const samples = await read().catch(() => []);
        for (const sample of samples) this.set(sample.labels, sample.value);
      },
    });
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The route label of a request: its pattern; every file of the web app (each is a route of its
 * own) in one `static` bucket, and anything unmatched in `unmatched`, so the number of series
 * does not grow with the files or with the URLs people try.
 */
export function routeLabel(pattern: string | undefined): string {
  if (!pattern) return 'unmatched';
  if (pattern.startsWith('/assets/') || /\/[^/:*]+\.[A-Za-z0-9]{1,12}$/.test(pattern)) return 'static';
  return pattern;
}

/**
 * Times every request by route pattern and serves GET /metrics (Prometheus text format). With a
 * token set (METRICS_TOKEN), the scraper must send `Authorization: Bearer <token>`.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: routeLabel(request.routeOptions.url),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !sameToken(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).send(errorBody(401, 'A metrics token is required'));
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
