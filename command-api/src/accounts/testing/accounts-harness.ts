import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing/test-database';
import { ProjectionRunner, ReadModels, createDatabase } from '@myworld/projections';
import { usersProjection } from '@myworld/projections/users/users.projection';
import { startAccountsEmails, type AccountsEmails } from '@myworld/workers/accounts/email-pipeline';
import { startSmtpCapture, type SmtpCapture } from '@myworld/workers/testing/smtp-capture';
import type { Kysely } from 'kysely';
import { loadApiConfig, type ApiConfig } from '../../config.ts';
import { buildApp } from '../../app.ts';
import type { ApiServices } from '../../services.ts';

export const PUBLIC_URL = 'http://myworld.test';

/**
 * Everything the accounts calls touch, real: a fresh PostgreSQL database (log + users read model
 * kept current by the projection runner), Redis (keys under a unique prefix), the email reactor
 * and worker on a BullMQ queue of their own, and an SMTP server that receives the mail. The HTTP
 * app holds the accounts feature only, so other features' work in progress cannot break it.
 */
export interface AccountsHarness {
  readonly app: FastifyInstance;
  readonly config: ApiConfig;
  readonly store: PostgresEventStore;
  readonly db: Kysely<any>;
  readonly readModels: ReadModels;
  readonly redis: Redis;
  readonly mail: SmtpCapture;
  readonly emails: AccountsEmails;
  /** A browser-like client with its own cookie jar. */
  client(options?: { ip?: string }): TestClient;
  stop(): Promise<void>;
}

export interface TestClient {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  readonly cookies: Map<string, string>;
}

export async function startAccountsHarness(): Promise<AccountsHarness> {
  const logger = pino({ level: 'silent' });
  const database: TestDatabase = await createTestDatabase('accounts');
  const store = new PostgresEventStore({ connectionString: database.url, poolSize: 24 });
  await store.migrate();
  const db = createDatabase(database.url, { max: 10 });
  const readModels = new ReadModels(db, database.url);
  await readModels.start();
  const runner = new ProjectionRunner({ store, db, databaseUrl: database.url, projections: [usersProjection], logger, batchSize: 200 });
  await runner.start();

  const unique = randomBytes(6).toString('hex');
  const redisUrl = 'redis://127.0.0.1:6379/0';
  const redis = new Redis(redisUrl, { keyPrefix: `test:${unique}:`, maxRetriesPerRequest: 2 });
  const outbox = mkdtempSync(join(tmpdir(), 'myworld-outbox-'));
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUBLIC_URL,
    WEB_DIST: join(outbox, 'no-web-client'),
    OUTBOX_DIR: outbox,
    // The test client names its address in X-Forwarded-For (per-address rate limits).
    TRUST_PROXY: 'true',
  });
  const mail = await startSmtpCapture();
  const emails = startAccountsEmails(
    store,
    {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      TOKEN_SECRET: config.TOKEN_SECRET,
      PUBLIC_URL,
      SMTP_URL: mail.url,
      MAIL_FROM: 'MyWorld <no-reply@myworld.test>',
      OUTBOX_DIR: outbox,
      QUEUE_PREFIX: `test-${unique}`,
      EMAIL_CONCURRENCY: 5,
      REACTOR_BATCH_SIZE: 100,
    },
    logger,
  );

  const services: ApiServices = { config, logger, store, db, readModels, redis };
  const app = await buildApp(services);
  await app.ready();

  return {
    app,
    config,
    store,
    db,
    readModels,
    redis,
    mail,
    emails,
    client: (options = {}) => testClient(app, options.ip),
    async stop() {
      await app.close();
      await emails.stop();
      await runner.stop();
      await readModels.close();
      const keys = await redis.keys('*'); // prefixed: only this harness's keys
      if (keys.length) await redis.del(...keys.map((k) => k.slice(`test:${unique}:`.length)));
      await emails.queue.obliterate({ force: true }).catch(() => undefined);
      redis.disconnect();
      await mail.close();
      await db.destroy();
      await store.close();
      await database.drop();
    },
  };
}

function testClient(app: FastifyInstance, ip = '127.0.0.1'): TestClient {
  const cookies = new Map<string, string>();
  const request = async (options: InjectOptions) => {
    const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({
      ...options,
      headers: { 'x-forwarded-for': ip, ...(cookieHeader ? { cookie: cookieHeader } : {}), ...(options.headers ?? {}) },
    });
    for (const c of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    return response;
  };
  return {
    cookies,
    request,
    get: (url, headers) => request({ method: 'GET', url, ...(headers ? { headers } : {}) }),
    post: (url, body, headers) => request({ method: 'POST', url, ...(body === undefined ? {} : { payload: body as object }), ...(headers ? { headers } : {}) }),
    patch: (url, body, headers) => request({ method: 'PATCH', url, ...(body === undefined ? {} : { payload: body as object }), ...(headers ? { headers } : {}) }),
  };
}

let counter = 0;
/** A valid, unique registration body. */
export function newRegistration(label = 'user') {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  return { firstName: 'Jane', lastName: 'Doe', email: `${label}.${n}@example.test`, username: `${label}_${n}`.slice(0, 30), birthDate: '1990-04-01', password: 'Secret123' };
}
