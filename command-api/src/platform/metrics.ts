import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Kysely } from 'kysely';
import type { EventStore } from '@myworld/eventstore';
import {
  projectionLag,
  projectionStatuses,
  type ProjectionLag,
  type ProjectionStatusReport,
} from '@myworld/projections';

export interface MetricsConfig {
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  readonly METRICS_TOKEN?: string | undefined;
  /** How long one scrape's projection figures are reused by the next ones. */
  readonly METRICS_CACHE_MS: number;
}

interface ProjectionFigures {
  lags: ProjectionLag[];
  statuses: ProjectionStatusReport[];
}

/**
 * The projection figures of one scrape, reused for `ttlMs` and shared by scrapes arriving while
 * they are read: concurrent scrapes cost one read of the registry and of the log (each capped at
 * LAG_COUNT_CAP events per distinct checkpoint), not one each.
 */
export function cachedFigures<T>(read: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let last: { at: number; value: T } | null = null;
  let inFlight: Promise<T> | null = null;
  return () => {
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.value);
    // Scrapes arriving while the figures are read wait for that read; a failed read is not kept.
    inFlight ??= read()
      .then((value) => {
        last = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Prometheus metrics at /metrics: command latency, projection lag, status and checkpoints, process. */
export function registerMetrics(
  app: FastifyInstance,
  deps: { db: Kysely<any>; store: EventStore; config: MetricsConfig },
): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'myworld_' });

  const commandDuration = new client.Histogram({
    name: 'myworld_command_duration_seconds',
    help: 'Time from request to response for command routes',
    labelNames: ['command', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const lagEvents = new client.Gauge({
    name: 'myworld_projection_lag_events',
    help: `Events not yet applied (capped)`,
    labelNames: ['projection', 'status'] as const,
    registers: [registry],
  });
  const lagMs = new client.Gauge({
    name: 'myworld_projection_lag_milliseconds',
    help: 'Age of the oldest event not yet applied (0 when caught up)',
    labelNames: ['projection', 'status'] as const,
    registers: [registry],
  });
  const checkpoint = new client.Gauge({
    name: 'myworld_projection_checkpoint_position',
    help: 'Global position (prepare part) of the last applied event',
    labelNames: ['projection', 'status', 'generation'] as const,
    registers: [registry],
  });
  const applied = new client.Gauge({
    name: 'myworld_projection_events_applied',
    help: 'Events applied by the generation',
    labelNames: ['projection', 'status', 'generation'] as const,
    registers: [registry],
  });
  const failed = new client.Gauge({
    name: 'myworld_projection_failed',
    help: '1 when the projection stopped at an event it could not apply (see /healthz), else 0',
    labelNames: ['projection'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const command = request.routeOptions.config.command;
    if (command) commandDuration.observe({ command, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const figures = cachedFigures(async () => {
    const [lags, statuses] = await Promise.all([projectionLag(deps.db, deps.store), projectionStatuses(deps.db)]);
    return { lags, statuses };
  }, deps.config.METRICS_CACHE_MS);
  const token = deps.config.METRICS_TOKEN;

  // Prometheus text, not part of the JSON API: kept out of the API documentation.
  app.get('/metrics', { config: { auth: 'visitor' }, schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'unauthorized', message: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".' });
    }
    const { lags, statuses } = await figures();
    for (const g of [lagEvents, lagMs, checkpoint, applied, failed]) g.reset();
    for (const lag of lags) {
      const { name, generation, checkpoint: position, eventsApplied } = lag.generation;
      // `failed` when the generation stopped at an event, else its serving role.
      const status = lag.status;
      lagEvents.set({ projection: name, status }, lag.events);
      lagMs.set({ projection: name, status }, lag.milliseconds);
      checkpoint.set({ projection: name, status, generation: String(generation) }, Number(position.prepare));
      applied.set({ projection: name, status, generation: String(generation) }, eventsApplied);
    }
    for (const s of statuses) failed.set({ projection: s.name }, s.status === 'failed' ? 1 : 0);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  return registry;
}
