import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';
import { moderationPolicies } from '@myworld/write-model/moderation/policies';
import { SessionStore } from '@myworld/write-model/sessions';
import { survivesConnectionLoss, type EventStore } from '@myworld/eventstore';
import { ReadModels, createDatabase } from '@myworld/projections';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { startLeaderReactor, type LeaderReactor } from '../platform/reactor.ts';
import { ensureCheckpointTable, seedCheckpoint } from '../platform/reactor-checkpoints.ts';

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const MODERATION_POLICIES_REACTOR = 'moderation_policies';

export type ModerationPoliciesConfig = Pick<
  WorkersConfig,
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'REDIS_KEY_PREFIX'
  | 'REACTOR_BATCH_SIZE'
  | 'MODERATION_AUTO_HIDE_THRESHOLD'
  | 'REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS'
  | 'REPORT_TRUST_DISMISSAL_WINDOW_DAYS'
>;

/**
 * Moderation's policies (command-api's policies.ts: auto-hide, restore, a removal's fan-out) as one
 * checkpointed reactor across every workers process (advisory lock): it resumes from its checkpoint
 * after a crash, and a batch handled again records nothing twice (keys derived from each event).
 */
export function startModerationPolicies(
  store: EventStore,
  config: ModerationPoliciesConfig,
  logger: Logger,
): RunningFeature {
  const lostConnection = (err: Error) => logger.warn({ err }, 'database connection lost; replacing it');
  const db = createDatabase(config.DATABASE_URL, {
    max: 2,
    applicationName: 'myworld-workers-moderation',
    onConnectionError: lostConnection,
  });
  const readModels = new ReadModels(db, config.DATABASE_URL);
  const redis = new Redis(config.REDIS_URL, {
    maxRetriesPerRequest: 3,
    ...(config.REDIS_KEY_PREFIX ? { keyPrefix: config.REDIS_KEY_PREFIX } : {}),
  });
  const sessions = new SessionStore(redis);
  const stopping = new AbortController();
  let reactor: LeaderReactor | undefined;
  const ready = (async () => {
    // Listening for checkpoints, so a wait for a read model ends as soon as it has the event.
    await readModels.start();
    // New to this database: it begins at the log's end. Reports decided in requests before it
    // existed are not decided again (a reinstated user is not removed a second time).
    const pool = survivesConnectionLoss(new pg.Pool({ connectionString: config.DATABASE_URL, max: 1 }), lostConnection);
    try {
      await ensureCheckpointTable(pool);
      await seedCheckpoint(pool, MODERATION_POLICIES_REACTOR, await store.headPosition());
    } finally {
      await pool.end();
    }
  })();
  const done = (async () => {
    await ready;
    if (stopping.signal.aborted) return;
    reactor = startLeaderReactor({
      name: MODERATION_POLICIES_REACTOR,
      store,
      databaseUrl: config.DATABASE_URL,
      batchSize: config.REACTOR_BATCH_SIZE,
      applicationName: 'myworld-workers-moderation',
      handle: moderationPolicies({
        store,
        readModels,
        logger,
        config,
        endSessionsOf: (userId) => sessions.destroyAllForUser(userId),
        signal: stopping.signal,
      }),
    });
    await reactor.done;
  })();
  done.catch(() => undefined); // observed by the caller
  return {
    ready,
    done,
    async stop() {
      stopping.abort();
      await reactor?.stop();
      await done.catch(() => undefined);
      await readModels.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
