import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { EventStore } from '@myworld/eventstore';

const check = z.enum(['ok', 'down']);
const health = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ postgres: check, redis: check, eventstore: check }),
});

/** /healthz: 200 when PostgreSQL, Redis and the event store answer, else 503 naming the failing part. */
export function registerHealth(app: FastifyInstance, deps: { db: Kysely<any>; redis: Redis; store: EventStore }): void {
  app.get(
    '/healthz',
    {
      config: { auth: 'visitor' },
      schema: { summary: 'Liveness and dependencies', tags: ['platform'], response: { 200: health, 503: health } },
    },
    async (_request, reply) => {
      const checks = await Promise.allSettled([sql`select 1`.execute(deps.db), deps.redis.ping(), deps.store.headPosition()]);
      const names = ['postgres', 'redis', 'eventstore'] as const;
      const status = Object.fromEntries(names.map((n, i) => [n, checks[i]!.status === 'fulfilled' ? 'ok' : 'down'])) as z.infer<typeof health>['checks'];
      const healthy = checks.every((c) => c.status === 'fulfilled');
      return reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', checks: status });
    },
  );
}
