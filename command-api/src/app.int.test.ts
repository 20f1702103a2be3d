import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { expect as expected } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { ProjectionRunner, streamTimeline, timelinesProjection, type TimelinesDb } from '@myworld/projections';
import { START, formatPosition } from '@myworld/schemas';
import { buildApp } from './app.ts';
import { loadApiConfig } from './config.ts';
import { features } from './features.ts';
import { defineFeature, type Platform } from './platform/feature.ts';
import { routeFor } from './platform/http/route.ts';
import { closeServices, openServices, type ApiServices } from './services.ts';

/** A feature of this test only: one query route on the audit timelines, like any feature's. */
const probe = defineFeature({
  name: 'probe',
  routes: [
    routeFor<Platform>()({
      method: 'GET',
      url: '/api/probe/timeline/:stream',
      summary: "A stream's audit timeline (test route)",
      config: { auth: 'visitor', readModel: 'timelines' },
      schema: {
        params: z.object({ stream: z.string() }),
        response: { 200: z.array(z.looseObject({ type: z.string() })) },
      },
      handler: async ({ request, ctx }) =>
        streamTimeline(await ctx.readModels.query<TimelinesDb>('timelines'), request.params.stream),
    }),
    routeFor<Platform>()({
      method: 'GET',
      url: '/api/probe/timeline-with-users/:stream',
      summary: "A stream's audit timeline, as a route reading two read models would (test route)",
      config: { auth: 'visitor', readModel: ['timelines', 'users'] },
      schema: {
        params: z.object({ stream: z.string() }),
        response: { 200: z.array(z.looseObject({ type: z.string() })) },
      },
      handler: async ({ request, ctx }) =>
        streamTimeline(await ctx.readModels.query<TimelinesDb>('timelines'), request.params.stream),
    }),
  ],
});

describe('API: health, metrics, errors and read-your-writes', () => {
  let db: TestDatabase;
  let services: ApiServices;
  let app: FastifyInstance;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    db = await createTestDatabase('api');
    const config = loadApiConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      WEB_DIST: 'no-such-dir',
      NODE_ENV: 'test',
      MIN_POSITION_WAIT_MS: '300',
    });
    services = await openServices(config, { logger: pino({ level: 'silent' }) });
    runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      databaseUrl: db.url,
      projections: [timelinesProjection],
      logger: services.logger,
    });
    await runner.start();
    // The runner creates the projection's first generation as it starts.
    expect(await services.readModels.waitFor('timelines', START, 10_000)).toBe(true);
    app = await buildApp(services, { features: [...features, probe] });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await runner?.stop();
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
    expect(r.body).toMatch(
      /^myworld_projection_checkpoint_position\{projection="timelines",status="active",generation="\d+"\} \d+$/m,
    );
    expect(r.body).toContain('# TYPE myworld_command_duration_seconds histogram');
  });

  it('a route declaring its read model, given X-Min-Position, reads its own write', async () => {
    const stream = `post-${randomUUID()}`;
    const appended = await services.store.append(stream, expected.noStream, [
      { id: randomUUID(), type: 'PostCreated', data: {}, metadata: testMetadata() },
    ]);
    const r = await app.inject({
      method: 'GET',
      url: `/api/probe/timeline/${stream}`,
      headers: { 'x-min-position': formatPosition(appended.position) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-read-model-stale']).toBeUndefined();
    expect(r.json()).toHaveLength(1);
  });

  it('a route reading two read models waits for both: one that has not caught up (users is not running here) marks the answer stale', async () => {
    const stream = `post-${randomUUID()}`;
    const appended = await services.store.append(stream, expected.noStream, [
      { id: randomUUID(), type: 'PostCreated', data: {}, metadata: testMetadata() },
    ]);
    const headers = { 'x-min-position': formatPosition(appended.position) };
    const one = await app.inject({ method: 'GET', url: `/api/probe/timeline/${stream}`, headers });
    expect(one.headers['x-read-model-stale']).toBeUndefined();
    const both = await app.inject({ method: 'GET', url: `/api/probe/timeline-with-users/${stream}`, headers });
    expect(both.statusCode).toBe(200);
    expect(both.headers['x-read-model-stale']).toBe('true');
    expect(both.json()).toHaveLength(1);
  });

  it('a position the read model has not reached within MIN_POSITION_WAIT_MS is answered anyway, marked stale', async () => {
    const head = await services.store.headPosition();
    const ahead = { commit: head.commit + 1_000_000n, prepare: 0n };
    const started = performance.now();
    const r = await app.inject({
      method: 'GET',
      url: `/api/probe/timeline/x`,
      headers: { 'x-min-position': formatPosition(ahead) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-read-model-stale']).toBe('true');
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('a malformed X-Min-Position is a 400 naming the header', async () => {
    const r = await app.inject({
      method: 'GET',
      url: '/api/probe/timeline/x',
      headers: { 'x-min-position': 'yesterday' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'validation_failed', field: 'X-Min-Position' });
  });

  it('unknown API paths are a JSON 404, and a broken JSON body on a real route is a 400 naming the body', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ field: 'body', message: expect.any(String) });
  });

  it("a route that fails its schema is answered 400 naming the field, with the schema's message", async () => {
    const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      error: 'validation_failed',
      field: 'email',
      message: 'Please enter both email and password.',
    });
  });

  it('refuses to start with a route that does not say who may call it', async () => {
    const careless = defineFeature({
      name: 'careless',
      routes: [
        {
          method: 'GET',
          url: '/api/careless',
          summary: 'Forgot its auth',
          config: {} as never,
          schema: { response: { 200: z.object({}) } },
          handler: async () => ({}),
        },
      ],
    });
    await expect(buildApp(services, { features: [careless] })).rejects.toThrow(
      /GET \/api\/careless does not say who may call it: set config\.auth/,
    );
  });

  it('refuses to start with a write route that declares no limit, or an exemption without its reason', async () => {
    const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', limit?: unknown) =>
      defineFeature({
        name: 'unlimited',
        routes: [
          {
            method,
            url: '/api/unlimited',
            summary: 'Forgot its limit',
            config: { auth: 'user', ...(limit === undefined ? {} : { limit }) } as never,
            schema: { response: { 200: z.object({}) } },
            handler: async () => ({}),
          },
        ],
      });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await expect(buildApp(services, { features: [write(method)] })).rejects.toThrow(
        `route ${method} /api/unlimited does not declare a write limit: set config.limit to one of`,
      );
    }
    await expect(buildApp(services, { features: [write('POST', { none: ' ' })] })).rejects.toThrow(
      /POST \/api\/unlimited has config\.limit without a name/,
    );
    await expect(buildApp(services, { features: [write('POST', 'everything')] })).rejects.toThrow(
      /names an unknown rate limit 'everything'/,
    );
    // A named limit, or an exemption with its reason, starts.
    for (const limit of ['posts', { none: 'a test route' }])
      await (await buildApp(services, { features: [write('POST', limit)] })).close();
  });

  it('refuses to start with a GET that does not say which read model it reads (so no read forgets to wait)', async () => {
    const read = (readModel?: unknown) =>
      defineFeature({
        name: 'unread',
        routes: [
          {
            method: 'GET',
            url: '/api/unread',
            summary: 'Forgot its read model',
            config: { auth: 'visitor', ...(readModel === undefined ? {} : { readModel }) } as never,
            schema: { response: { 200: z.object({}) } },
            handler: async () => ({}),
          },
        ],
      });
    await expect(buildApp(services, { features: [read()] })).rejects.toThrow(
      "route GET /api/unread does not say which read model it reads: set config.readModel, or { none: '<why it reads none>' }",
    );
    for (const empty of [' ', [], { none: ' ' }])
      await expect(buildApp(services, { features: [read(empty)] })).rejects.toThrow(
        /route GET \/api\/unread has an empty config\.readModel/,
      );
    for (const readModel of ['users', ['users', 'posts'], { none: 'the configuration' }])
      await (await buildApp(services, { features: [read(readModel)] })).close();
  });
});
