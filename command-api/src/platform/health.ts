import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { EventStore } from '@myworld/eventstore';
import { projectionStatuses } from '@myworld/projections';
import { formatPosition } from '@myworld/schemas';

const check = z.enum(['ok', 'down']);
const failedProjection = z.object({
  name: z.string(),
  /** Position of the event the projection stopped at. */
  position: z.string().nullable(),
  error: z.string().nullable(),
  since: z.string().nullable(),
});
const health = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ postgres: check, redis: check, eventstore: check }),
  /** Projections stopped at an event they could not apply; present only when there are some. */
  failedProjections: z.array(failedProjection).optional(),
});

/**
 * /healthz: 503 naming the failing part when PostgreSQL, Redis or the event store does not answer;
 * else 200, `degraded` with the failed projections listed when one stopped at an event (its read
 * model still serves, only stale; `npm run replay -- --projection NAME` restarts it after a fix).
 */
export function registerHealth(app: FastifyInstance, deps: { db: Kysely<any>; redis: Redis; store: EventStore }): void {
  app.get(
    '/healthz',
    {
      config: { auth: 'visitor' },
      schema: { summary: 'Liveness and dependencies', tags: ['platform'], response: { 200: health, 503: health } },
    },
    async (_request, reply) => {
      const checks = await Promise.allSettled([
        sql`select 1`.execute(deps.db),
        deps.redis.ping(),
        deps.store.headPosition(),
      ]);
      const names = ['postgres', 'redis', 'eventstore'] as const;
      const status = Object.fromEntries(
        names.map((n, i) => [n, checks[i]!.status === 'fulfilled' ? 'ok' : 'down']),
      ) as z.infer<typeof health>['checks'];
      const healthy = checks.every((c) => c.status === 'fulfilled');
      if (!healthy) return reply.status(503).send({ status: 'degraded', checks: status });
      // The registry may not exist yet (no projections process ran): no failures then.
      const statuses = await projectionStatuses(deps.db).catch(() => []);
      const failed = statuses
        .filter((s) => s.status === 'failed')
        .map((s) => ({
          name: s.name,
          position: s.failedAt ? formatPosition(s.failedAt) : null,
          error: s.error,
          since: s.failedSince?.toISOString() ?? null,
        }));
      if (failed.length === 0) return reply.status(200).send({ status: 'ok', checks: status });
      return reply.status(200).send({ status: 'degraded', checks: status, failedProjections: failed });
    },
  );
}
