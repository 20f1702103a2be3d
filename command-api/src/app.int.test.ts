import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing/test-database';
import { testMetadata } from '@myworld/eventstore/contract/sample-events';
import { ProjectionRunner, allProjections } from '@myworld/projections';
import { streamTimeline } from '@myworld/projections/timelines/timelines.queries';
import { START, formatPosition } from '@myworld/schemas';
import { buildApp } from './app.ts';
import { loadApiConfig } from './config.ts';
import { closeServices, openServices, type ApiServices } from './services.ts';
import { awaitMinPosition } from './http/min-position.ts';

describe('API: health, metrics, errors and read-your-writes', () => {
  let db: TestDatabase;
  let services: ApiServices;
  let app: FastifyInstance;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    db = await createTestDatabase('api');
    const config = loadApiConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', WEB_DIST: 'no-such-dir', NODE_ENV: 'test' });
    services = await openServices(config, pino({ level: 'silent' }));
    runner = new ProjectionRunner({ store: services.store, db: services.db, databaseUrl: db.url, projections: allProjections, logger: services.logger });
    await runner.start();
    // The runner creates the projection's first generation as it starts.
    expect(await services.readModels.waitFor('timelines', START, 10_000)).toBe(true);
    app = await buildApp(services);
    // A query route like any feature's: reads the audit timeline, honouring X-Min-Position.
    app.get('/test/timeline/:stream', async (request, reply) => {
      await awaitMinPosition(request, reply, services.readModels, 'timelines', 2_000);
      return streamTimeline(await services.readModels.query('timelines'), (request.params as { stream: string }).stream);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await runner.stop();
    await closeServices(services);
    await db.drop();
  });

  it('GET /healthz answers 200 with each dependency checked', async () => {
    const r = await app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', eventstore: 'ok' } });
  });

  it('GET /metrics exposes projection lag (events and ms), checkpoints and command latency', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    const r = await app.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/^myworld_projection_lag_events\{projection="timelines",status="active"\} \d+$/m);
    expect(r.body).toMatch(/^myworld_projection_lag_milliseconds\{projection="timelines",status="active"\} \d+$/m);
    expect(r.body).toMatch(/^myworld_projection_checkpoint_position\{projection="timelines",status="active",generation="\d+"\} \d+$/m);
    expect(r.body).toContain('# TYPE myworld_command_duration_seconds histogram');
  });

  it('a query given X-Min-Position reads its own write', async () => {
    const stream = `post-${randomUUID()}`;
    const appended = await services.store.append(stream, expected.noStream, [{ id: randomUUID(), type: 'PostCreated', data: {}, metadata: testMetadata() }]);
    const r = await app.inject({ method: 'GET', url: `/test/timeline/${stream}`, headers: { 'x-min-position': formatPosition(appended.position) } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-read-model-stale']).toBeUndefined();
    expect(r.json()).toHaveLength(1);
  });

  it('a malformed X-Min-Position is a 400 naming the header', async () => {
    const r = await app.inject({ method: 'GET', url: '/test/timeline/x', headers: { 'x-min-position': 'yesterday' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'validation_failed', field: 'X-Min-Position' });
  });

  it('unknown API paths are a JSON 404, and broken JSON bodies a 400 naming the body', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    const broken = await app.inject({ method: 'POST', url: '/api/nothing-here', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect([400, 404]).toContain(broken.statusCode);
    expect(broken.json().error).toBeDefined();
  });
});
