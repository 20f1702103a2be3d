import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { AppOptions } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { ProjectionRunner, allProjections, type Projection } from '@myworld/projections';
import { START, comparePositions, type Position } from '@myworld/schemas';
import { openTestStorage, type TestStorage } from '@myworld/storage/testing';
import { startApiInstance, type ApiInstance } from './api-instance.ts';
import {
  ACCOUNTS_EMAIL_QUEUE,
  openQueue,
  startSmtpCapture,
  startWorkersProcess,
  type InspectedQueue,
  type SmtpCapture,
  type TestClient,
  type TestClientOptions,
  type WorkersProcess,
} from '@myworld/testkit';

/** The address the harness's product says it is reached at (links in emails, same-origin checks). */
export const TEST_PUBLIC_URL = 'http://myworld.test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export interface HarnessOptions {
  /** Names the test database (`myworld_<label>_<random>`). Default: 'test'. */
  readonly label?: string;
  /** An existing database to serve instead of a fresh test database; it is left in place at stop (benchmarks reuse long histories). */
  readonly databaseUrl?: string;
  /** Projections kept current in this process. Default: every projection; `[]` for none. */
  readonly projections?: readonly Projection[];
  /** Start the workers as a real process, with an SMTP server that receives their mail. Default: false. */
  readonly workers?: boolean;
  /** API instances sharing the database and Redis, as behind a load balancer. Default: 1. */
  readonly instances?: number;
  /** More environment for the API instances (e.g. MIN_POSITION_WAIT_MS). */
  readonly env?: Record<string, string>;
  /** Options for buildApp (e.g. a RoleDirectory). */
  readonly app?: AppOptions;
  /** A bucket of this harness's own for the API and the workers (emptied and deleted at stop). Default: false (the shared set-up bucket). */
  readonly storage?: boolean;
}

/**
 * The product assembled for one integration test file, with the real services: a fresh
 * PostgreSQL database (migrated), the projections running in this process, one or more API
 * instances on free ports sharing Redis (keys under a prefix of their own), and on request the
 * workers as a real process sending mail to a real SMTP server.
 */
export interface Harness {
  readonly database: TestDatabase;
  /** The first API instance (its services serve the shortcuts below). */
  readonly api: ApiInstance;
  readonly apis: readonly ApiInstance[];
  readonly config: ApiInstance['config'];
  readonly store: ApiInstance['services']['store'];
  readonly db: ApiInstance['services']['db'];
  readonly readModels: ApiInstance['services']['readModels'];
  readonly redis: ApiInstance['services']['redis'];
  /** The mail the workers sent (only with `workers: true`). */
  readonly mail: SmtpCapture;
  /** The workers process (only with `workers: true`). */
  readonly workers: WorkersProcess;
  /** A browser-like client of the first instance. */
  client(options?: TestClientOptions): TestClient;
  /** This harness's bucket (only with `storage: true`). */
  readonly storage: TestStorage;
  /** The workers' accounts email queue (only with `workers: true`). */
  emailQueue(): Queue;
  /**
   * Where the log ends: the newest event appended so far, also when readers cannot see it yet. What
   * a test waits for after its own writes; `store.headPosition()` stops before events that an older,
   * still open transaction hides from readers, and a wait for it can return before they apply.
   */
  appendedSoFar(): Promise<Position>;
  /**
   * Waits (at most `timeoutMs`) until the workers' reactor `name` has handled every event up to
   * `position` (its checkpoint in reactor_checkpoints), e.g. moderation's policies after a report.
   */
  reactorAt(name: string, position: Position, timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  // Live media in tests: one mediasoup worker, quiet.
  process.env.SFU_WORKERS ??= '1';
  process.env.SFU_LOG_LEVEL ??= 'error';
  const unique = randomBytes(6).toString('hex');
  const redisKeyPrefix = `test:${unique}:`;
  const queuePrefix = `test-${unique}`;
  const database = options.databaseUrl
    ? existingDatabase(options.databaseUrl)
    : await createTestDatabase(options.label ?? 'test');
  const outbox = mkdtempSync(join(tmpdir(), 'myworld-outbox-'));
  const cleanups: Array<() => Promise<unknown>> = [
    () => database.drop(),
    async () => rmSync(outbox, { recursive: true, force: true }),
    () => deleteKeys(redisKeyPrefix),
  ];
  const cleanUp = async () => {
    for (const task of cleanups.splice(0).reverse()) await task().catch(() => undefined);
  };

  try {
    let storage: TestStorage | undefined;
    if (options.storage) {
      const opened = await openTestStorage(options.label ?? 'test');
      storage = opened;
      cleanups.push(() => opened.drop());
    }
    const env = {
      ...(storage ? { S3_BUCKET: storage.config.S3_BUCKET } : {}),
      DATABASE_URL: database.url,
      REDIS_URL,
      PUBLIC_URL: TEST_PUBLIC_URL,
      WEB_DIST: join(outbox, 'no-web-client'),
      OUTBOX_DIR: outbox,
      // Test clients name their address in X-Forwarded-For (per-address limits).
      TRUST_PROXY: 'true',
      // The queues' namespace, shared with the workers process (the API's dashboard reads it).
      QUEUE_PREFIX: queuePrefix,
      ...options.env,
    };
    const apis: ApiInstance[] = [];
    // One after the other: the first one's event store creates the log's tables.
    for (let i = 0; i < (options.instances ?? 1); i++) {
      const api = await startApiInstance({ env, redisKeyPrefix, ...(options.app ? { app: options.app } : {}) });
      apis.push(api);
      cleanups.push(() => api.close());
    }
    const first = apis[0]!;

    const projections = options.projections ?? allProjections;
    if (projections.length > 0) {
      const { store, db, logger } = first.services;
      const runner = new ProjectionRunner({
        store,
        db,
        databaseUrl: database.url,
        projections,
        logger,
        batchSize: 200,
      });
      await runner.start();
      cleanups.push(() => runner.stop());
      // Each projection's first generation exists before any query runs.
      for (const projection of projections) await first.services.readModels.waitFor(projection.name, START, 10_000);
    }

    let mail: SmtpCapture | undefined;
    let workers: WorkersProcess | undefined;
    if (options.workers) {
      const capture = await startSmtpCapture();
      mail = capture;
      cleanups.push(() => capture.close());
      const running = await startWorkersProcess({
        DATABASE_URL: database.url,
        REDIS_URL,
        SMTP_URL: capture.url,
        PUBLIC_URL: TEST_PUBLIC_URL,
        TOKEN_SECRET: first.config.TOKEN_SECRET,
        QUEUE_PREFIX: queuePrefix,
        OUTBOX_DIR: outbox,
        ...(storage ? { S3_BUCKET: storage.config.S3_BUCKET } : {}),
        // Rendered by its own test; each harness rendering it again would cost 20 s of CPU.
        BACKGROUND_CATALOGUE: 'false',
        // The API's sessions (a suspended user's end from the workers) and its settings (moderation's).
        REDIS_KEY_PREFIX: redisKeyPrefix,
        ...options.env,
      });
      workers = running;
      cleanups.push(() => running.stop());
    }

    let queue: InspectedQueue | undefined;
    const needWorkers = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`${what} needs startHarness({ workers: true })`);
      return value;
    };

    return {
      database,
      api: first,
      apis,
      config: first.config,
      store: first.services.store,
      db: first.services.db,
      readModels: first.services.readModels,
      redis: first.services.redis,
      get mail() {
        return needWorkers(mail, 'mail');
      },
      appendedSoFar: () => newestAppendedEvent(first.services),
      reactorAt: (name, position, timeoutMs = 10_000) => reactorAt(first.services.db, name, position, timeoutMs),
      get workers() {
        return needWorkers(workers, 'workers');
      },
      get storage() {
        if (!storage) throw new Error('storage needs startHarness({ storage: true })');
        return storage;
      },
      client: (clientOptions) => first.client(clientOptions),
      emailQueue() {
        needWorkers(workers, 'emailQueue()');
        if (!queue) {
          const opened = openQueue(ACCOUNTS_EMAIL_QUEUE, REDIS_URL, queuePrefix);
          queue = opened;
          cleanups.push(async () => {
            await opened.queue.obliterate({ force: true }).catch(() => undefined);
            await opened.close();
          });
        }
        return queue.queue;
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Polls a reactor's checkpoint (it has no notice to listen to) until it reaches `position`. */
async function reactorAt(db: Kysely<any>, name: string, position: Position, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ c: string; p: string }>`
      select checkpoint_commit::text as c, checkpoint_prepare::text as p from reactor_checkpoints where name = ${name}`
      .execute(db)
      .catch(() => ({ rows: [] as { c: string; p: string }[] }));
    const row = rows[0];
    if (row && comparePositions({ commit: BigInt(row.c), prepare: BigInt(row.p) }, position) >= 0) return true;
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
}

/** Removes every Redis key under `prefix` (this harness's sessions and limits). */
async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A database the harness serves but does not own: dropping it is a no-op. */
function existingDatabase(url: string): TestDatabase {
  return { url, name: new URL(url).pathname.slice(1), drop: async () => undefined };
}

/**
 * The newest event in PostgreSQL's log (its table is `events`); KurrentDB hides none from readers.
 * Ordered by the columns themselves: `order by tx_id` would sort the text aliases, and "997" > "1244".
 */
async function newestAppendedEvent(services: ApiInstance['services']): Promise<Position> {
  if (services.store.name !== 'postgres') return services.store.headPosition();
  const { rows } = await sql<{ tx_id: string; global_position: string }>`
    select tx_id::text, global_position::text from events order by events.tx_id desc, events.global_position desc limit 1`.execute(
    services.db,
  );
  return rows[0] ? { commit: BigInt(rows[0].tx_id), prepare: BigInt(rows[0].global_position) } : START;
}
