import { Controller, Get, Header, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import type { CounterConfiguration, GaugeConfiguration, HistogramConfiguration } from 'prom-client';
import { DataSource } from 'typeorm';
import { Public } from '@hc/auth';

/**
 * Prometheus metrics (issue 18), one registry per process, served at GET /metrics on each
 * service's own port: the edge routes no `/metrics` path, so it is never on a public origin.
 * Metric names are listed in docs/operations.md.
 */
let defaultsStarted = false;

function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/**
 * A metric of the process registry by its configuration: the one already registered under its
 * name, or a new one. An app built twice in one process (tests, the CLI) so shares its metrics
 * instead of registering a name again (which prom-client refuses).
 */
export const sharedCounter = <L extends string = string>(config: CounterConfiguration<L>) =>
  once(config.name, () => new Counter(config));
export const sharedHistogram = <L extends string = string>(config: HistogramConfiguration<L>) =>
  once(config.name, () => new Histogram(config));
export const sharedGauge = <L extends string = string>(config: GaugeConfiguration<L>) =>
  once(config.name, () => new Gauge(config));

export const httpRequestDuration = sharedHistogram({
  name: 'hc_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const rateLimitRefusals = sharedCounter({
  name: 'hc_rate_limit_refusals_total',
  help: 'Requests refused with 429, by limit',
  labelNames: ['limit'] as const,
});

export const rateLimitDegraded = sharedGauge({
  name: 'hc_rate_limit_degraded',
  help: '1 while Redis is configured but unreachable and limits use per-process counters',
});

export const rateLimitFallbacks = sharedCounter({
  name: 'hc_rate_limit_fallbacks_total',
  help: 'Rate-limit decisions taken by the per-process insurance counters (Redis down)',
});

/** Creates a gauge whose value is read when Prometheus scrapes (queue depths and the like). */
export function scrapedGauge(
  name: string,
  help: string,
  read: () => Promise<number>,
): Gauge<string> {
  register.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    async collect() {
      this.set(await read());
    },
  });
}

/** Records the duration of a finished response under its route pattern. */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  seconds: number,
): void {
  httpRequestDuration.observe(
    { method: req.method ?? 'GET', route, status: String(res.statusCode) },
    seconds,
  );
}

interface MysqlPool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/** Default process metrics and the database pool, registered once the data source exists. */
@Injectable()
export class MetricsRegistrar implements OnModuleInit {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  onModuleInit(): void {
    if (!defaultsStarted) {
      collectDefaultMetrics();
      defaultsStarted = true;
    }
    // mysql2's pool keeps its counts in these fields (no public accessor).
    const pool = () => (this.ds.driver as unknown as { pool?: MysqlPool }).pool;
    register.removeSingleMetric('hc_db_pool_connections');
    new Gauge({
      name: 'hc_db_pool_connections',
      help: 'Database pool connections by state (used, free, waiting requests, limit)',
      labelNames: ['state'] as const,
      collect() {
        const p = pool();
        const all = p?._allConnections?.length ?? 0;
        const free = p?._freeConnections?.length ?? 0;
        this.set({ state: 'used' }, all - free);
        this.set({ state: 'free' }, free);
        this.set({ state: 'waiting' }, p?._connectionQueue?.length ?? 0);
        this.set({ state: 'limit' }, p?.config?.connectionLimit ?? 0);
      },
    });
  }
}

@Public()
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Content-Type', register.contentType)
  @Header('Cache-Control', 'no-store')
  metrics(): Promise<string> {
    return register.metrics();
  }
}
