import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { PLATFORM_MESSAGES } from '@myworld/schemas';
import type { RoleDirectory } from '../http/auth.ts';

export const QUEUES_DASHBOARD_PATH = '/admin/queues';

/** The BullMQ queues under `prefix`, found by their meta keys (the workers own the names). */
async function discoverQueueNames(redis: Redis, prefix: string): Promise<string[]> {
  const names = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) names.add(key.slice(prefix.length + 1, -':meta'.length));
  } while (cursor !== '0');
  return [...names].sort();
}

/**
 * The Bull Board dashboard at /admin/queues (jobs, their progress, failures and retries), for
 * admins only, in every mode: a visitor gets 401, a user without the admin role 403 (its job
 * actions retry and delete jobs that carry users' data). Queues are found in Redis, so new ones
 * appear on the next visit. Register before requireRouteAuth: its routes are the dashboard's own
 * (they declare no auth), guarded here in a preHandler, which runs after the sessions hook
 * (registered later, on the root) has set request.userId.
 */
export async function registerQueuesDashboard(
  app: FastifyInstance,
  config: { REDIS_URL: string; QUEUE_PREFIX: string },
  roles: RoleDirectory,
): Promise<void> {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
  const queues = new Map<string, Queue>();
  const serverAdapter = new FastifyAdapter().setBasePath(QUEUES_DASHBOARD_PATH);
  const board = createBullBoard({ queues: [], serverAdapter, options: { uiConfig: { boardTitle: 'MyWorld queues' } } });
  let lastScan = 0;

  await app.register(async (dashboard) => {
    // preHandler: after every onRequest hook, the sessions one (registered later, on the root) included.
    dashboard.addHook('preHandler', async (request, reply) => {
      if (!request.userId)
        return reply.status(401).send({ error: 'unauthorized', message: PLATFORM_MESSAGES.signInRequired });
      if (!(await roles.rolesOf(request.userId)).includes('admin'))
        return reply.status(403).send({ error: 'forbidden', message: 'You do not have permission to do this.' });
      // Job actions (retry, clean) are state changes: only from this app's own pages.
      const origin = request.headers.origin;
      if (request.method !== 'GET' && origin && new URL(origin).host !== request.headers.host)
        return reply.status(403).send({ error: 'forbidden', message: 'Cross-site request refused' });
      if (Date.now() - lastScan < 5_000) return;
      lastScan = Date.now();
      for (const name of await discoverQueueNames(redis, config.QUEUE_PREFIX)) {
        if (!queues.has(name)) {
          const queue = new Queue(name, { connection: redis, prefix: config.QUEUE_PREFIX });
          queues.set(name, queue);
          board.addQueue(new BullMQAdapter(queue, { readOnlyMode: false }));
        }
      }
    });
    await dashboard.register(serverAdapter.registerPlugin(), { prefix: QUEUES_DASHBOARD_PATH });
  });
  app.addHook('onClose', async () => {
    for (const queue of queues.values()) await queue.close();
    redis.disconnect();
  });
}
