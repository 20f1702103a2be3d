import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Kysely } from 'kysely';
import type { EventStore } from '@myworld/eventstore';
import { projectionLag } from '@myworld/projections';

/** Prometheus metrics at /metrics: command latency, projection lag and checkpoints, process. */
export function registerMetrics(app: FastifyInstance, deps: { db: Kysely<any>; store: EventStore }): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'myworld_' });

  const commandDuration = new client.Histogram({
    name: 'myworld_command_duration_seconds',
    help: 'Time from request to response for command routes',
    labelNames: ['command', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const lagEvents = new client.Gauge({ name: 'myworld_projection_lag_events', help: `Events not yet applied (capped)`, labelNames: ['projection', 'status'] as const, registers: [registry] });
  const lagMs = new client.Gauge({ name: 'myworld_projection_lag_milliseconds', help: 'Age of the oldest event not yet applied (0 when caught up)', labelNames: ['projection', 'status'] as const, registers: [registry] });
  const checkpoint = new client.Gauge({ name: 'myworld_projection_checkpoint_position', help: 'Global position (prepare part) of the last applied event', labelNames: ['projection', 'status', 'generation'] as const, registers: [registry] });
  const applied = new client.Gauge({ name: 'myworld_projection_events_applied', help: 'Events applied by the generation', labelNames: ['projection', 'status', 'generation'] as const, registers: [registry] });

  app.addHook('onResponse', async (request, reply) => {
    const command = request.routeOptions.config.command;
    if (command) commandDuration.observe({ command, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // Prometheus text, not part of the JSON API: kept out of the API documentation.
  app.get('/metrics', { config: { auth: 'visitor' }, schema: { hide: true } }, async (_request, reply) => {
    for (const g of [lagEvents, lagMs, checkpoint, applied]) g.reset();
    for (const lag of await projectionLag(deps.db, deps.store)) {
      const { name, status, generation, checkpoint: position, eventsApplied } = lag.generation;
      lagEvents.set({ projection: name, status }, lag.events);
      lagMs.set({ projection: name, status }, lag.milliseconds);
      checkpoint.set({ projection: name, status, generation: String(generation) }, Number(position.prepare));
      applied.set({ projection: name, status, generation: String(generation) }, eventsApplied);
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  return registry;
}
