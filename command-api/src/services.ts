import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { openEventStore, type EventStore } from '@myworld/eventstore';
import { ReadModels, allProjections, createDatabase } from '@myworld/projections';
import { ObjectStorage } from '@myworld/storage';
import type { ApiConfig } from './config.ts';

/** The API's connections to the outside world, opened once per process. */
export interface ApiServices {
  readonly config: ApiConfig;
  readonly logger: Logger;
  readonly store: EventStore;
  readonly db: Kysely<any>;
  readonly readModels: ReadModels;
  readonly redis: Redis;
  /** The S3-compatible object store every upload and media file lives in. */
  readonly storage: ObjectStorage;
}

export interface OpenServicesOptions {
  /** Default: pino at LOG_LEVEL. */
  readonly logger?: Logger;
  /** Prefixes every Redis key (sessions, limits) so test runs sharing one Redis never meet. Default: none. */
  readonly redisKeyPrefix?: string;
}

export async function openServices(config: ApiConfig, options: OpenServicesOptions = {}): Promise<ApiServices> {
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  const store = await openEventStore(config, (err) =>
    logger.warn({ err }, 'event store connection lost; replacing it'),
  );
  const db = createDatabase(config.DATABASE_URL, {
    applicationName: 'myworld-api',
    prepareStatements: 'marked',
    onConnectionError: (err) => logger.warn({ err }, 'read-model connection lost; replacing it'),
  });
  // With the log and the projections, a read model known to have nothing to apply up to a position is not waited for.
  const readModels = new ReadModels(db, config.DATABASE_URL, { store, projections: allProjections });
  await readModels.start();
  const redis = new Redis(config.REDIS_URL, {
    // Redis down: a command fails within about a second instead of waiting for a reconnect, so
    // requests that need it answer 503 and the rest keep serving.
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    lazyConnect: false,
    // Every signed-in request reads its session: the commands of one turn of the event loop go out
    // in one write (and Redis reads them in one), rather than a system call each on both sides.
    enableAutoPipelining: true,
    ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
  });
  return { config, logger, store, db, readModels, redis, storage: new ObjectStorage(config) };
}

export async function closeServices(services: ApiServices): Promise<void> {
  await services.readModels.close();
  await services.db.destroy();
  await services.store.close();
  services.redis.disconnect();
  services.storage.close();
}
