import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expect as expected, type NewEvent, type RecordedEvent } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { ProjectionRunner, defineProjection, projectionStatuses, timelinesProjection } from '@myworld/projections';
import { formatPosition } from '@myworld/schemas';
import { buildApp } from '../app.ts';
import { loadApiConfig } from '../config.ts';
import { closeServices, openServices, type ApiServices } from '../services.ts';
import { cachedFigures } from './metrics.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const post = (data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'PostCreated',
  data,
  metadata: testMetadata(),
});

/** Fails on the event carrying `poison`, as a projection with a bug would. */
const fragile = defineProjection<{ seen: { id: string } }>({
  name: 'fragile',
  version: 1,
  migrate: async (kdb, schema) =>
    void (await sql`create table ${sql.id(schema, 'seen')} (id uuid primary key)`.execute(kdb)),
  handlers: {
    '*': async ({ db: q }, event) => {
      if ((event.data as { poison?: boolean }).poison) throw new Error('cannot digest this event');
      await q.insertInto('seen').values({ id: event.id }).execute();
    },
  },
});

describe('/healthz and /metrics with a failed projection', () => {
  let db: TestDatabase;
  let services: ApiServices;
  let app: FastifyInstance;
  let runner: ProjectionRunner;
  let poison: RecordedEvent;

  beforeAll(async () => {
    db = await createTestDatabase('health_metrics');
    const config = loadApiConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      WEB_DIST: 'no-such-dir',
      NODE_ENV: 'test',
      METRICS_TOKEN,
    });
    services = await openServices(config, {
      logger: pino({ level: 'silent' }),
      redisKeyPrefix: `test:health:${randomUUID()}:`,
    });
    runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      databaseUrl: db.url,
      projections: [timelinesProjection, fragile],
      logger: services.logger,
      batchSize: 50,
      failedPollMs: 50,
    });
    await runner.start();
    const stream = `post-${randomUUID()}`;
    const appended = await services.store.append(stream, expected.noStream, [post(), post({ poison: true }), post()]);
    poison = (await services.store.readStream(stream))[1]!;
    // The healthy read model has applied all three (its generation exists for the scrape to report).
    expect(await services.readModels.waitFor('timelines', appended.position, 20_000)).toBe(true);
    for (let i = 0; i < 200; i++) {
      if ((await projectionStatuses(services.db)).some((s) => s.name === 'fragile' && s.status === 'failed')) break;
      await sleep(50);
    }
    app = await buildApp(services, { features: [] });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await runner?.stop().catch(() => undefined);
    if (services) await closeServices(services);
    await db?.drop();
  });

  it('/healthz answers 200 degraded, naming the failed projection with its position and error', async () => {
    const r = await app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ status: 'degraded', checks: { postgres: 'ok', redis: 'ok', eventstore: 'ok' } });
    expect(body.failedProjections).toHaveLength(1);
    expect(body.failedProjections[0]).toMatchObject({
      name: 'fragile',
      position: formatPosition(poison.position),
      error: expect.stringContaining('cannot digest this event'),
    });
  });

  it('/metrics requires the bearer token when METRICS_TOKEN is set', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'unauthorized' });
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: METRICS_TOKEN } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('/metrics labels a failed projection status="failed" and sets myworld_projection_failed', async () => {
    const r = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/^myworld_projection_failed\{projection="fragile"\} 1$/m);
    expect(r.body).toMatch(/^myworld_projection_failed\{projection="timelines"\} 0$/m);
    expect(r.body).toMatch(/^myworld_projection_lag_events\{projection="fragile",status="failed"\} \d+$/m);
    expect(r.body).toMatch(/^myworld_projection_lag_events\{projection="timelines",status="active"\} \d+$/m);
  });
});

describe("one scrape's projection figures", () => {
  it('are read once for concurrent scrapes and reused within the cache time', async () => {
    let reads = 0;
    const figures = cachedFigures(async () => {
      reads++;
      await sleep(20);
      return reads;
    }, 200);
    expect(await Promise.all(Array.from({ length: 20 }, () => figures()))).toEqual(Array(20).fill(1));
    expect(await figures()).toBe(1);
    expect(reads).toBe(1);
    await sleep(250);
    expect(await figures()).toBe(2);
  });

  it('share an in-flight read even with no cache time, and a failed read is not kept', async () => {
    let reads = 0;
    const figures = cachedFigures(async () => {
      reads++;
      await sleep(10);
      if (reads === 1) throw new Error('database away');
      return reads;
    }, 0);
    const first = await Promise.allSettled(Array.from({ length: 5 }, () => figures()));
    expect(first.every((r) => r.status === 'rejected')).toBe(true);
    expect(reads).toBe(1);
    expect(await figures()).toBe(2);
  });
});
