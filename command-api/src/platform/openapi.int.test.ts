import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { buildApp } from '../app.ts';
import { loadApiConfig } from '../config.ts';
import { features } from '../features.ts';
import { readModelsOf, type RouteReadModel } from './http/route.ts';
import { closeServices, openServices, type ApiServices } from '../services.ts';

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-auth'?: string;
}

const keysOf = (schema: unknown): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI document at /api/docs/json', () => {
  let db: TestDatabase;
  let services: ApiServices;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    db = await createTestDatabase('openapi');
    const config = loadApiConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      WEB_DIST: 'no-such-dir',
      NODE_ENV: 'test',
    });
    services = await openServices(config, { logger: pino({ level: 'silent' }) });
    app = await buildApp(services, { observeRoutes: (route) => routes.push(route) });
    await app.ready();
    const r = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(async () => {
    await app?.close();
    await closeServices(services);
    await db.drop();
  });

  /** Every route registered on the app, but those kept out of the documentation (docs UI, static files, /metrics, /ws, /dev). */
  const documented = () =>
    routes.filter((r) => r.method !== 'HEAD' && !(r.schema as { hide?: boolean } | undefined)?.hide);

  it('is OpenAPI 3.0 and lists every registered route with its method', () => {
    expect(doc.openapi).toBe('3.0.3');
    const listed = documented().map((r) => `${String(r.method)} ${openApiPath(r.url)}`);
    expect(listed.length).toBeGreaterThan(15);
    for (const route of listed) {
      const [method, path] = route.split(' ') as [string, string];
      expect(doc.paths[path]?.[method.toLowerCase()], `${route} is missing from the document`).toBeDefined();
    }
    // Every feature route is among them (none is hidden).
    const featureRoutes = features.flatMap((f) => f.routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(listed).toEqual(expect.arrayContaining(featureRoutes));
  });

  it('shows each route with its schemas: path and query parameters, body, every declared answer and the refusals', () => {
    for (const route of documented()) {
      const label = `${String(route.method)} ${route.url}`;
      const schema = route.schema as {
        params?: unknown;
        querystring?: unknown;
        body?: unknown;
        response?: Record<string, unknown>;
      };
      const op = doc.paths[openApiPath(route.url)]![String(route.method).toLowerCase()]!;
      const parameters = op.parameters ?? [];
      for (const name of keysOf(schema.params)) {
        expect(
          parameters.find((p) => p.in === 'path' && p.name === name)?.schema,
          `${label}: path parameter ${name}`,
        ).toBeDefined();
      }
      for (const name of keysOf(schema.querystring)) {
        expect(
          parameters.find((p) => p.in === 'query' && p.name === name)?.schema,
          `${label}: query parameter ${name}`,
        ).toBeDefined();
      }
      if (schema.body) expect(op.requestBody?.content['application/json']?.schema, `${label}: body`).toBeDefined();
      expect(schema.response, `${label} declares no response`).toBeDefined();
      for (const status of Object.keys(schema.response ?? {})) {
        const documentedStatus = status.replace('xx', 'XX');
        expect(op.responses[documentedStatus], `${label}: answer ${status}`).toBeDefined();
      }
    }
  });

  it('says who may call each feature route, with the session cookie as security where a user is needed', () => {
    for (const feature of features) {
      for (const route of feature.routes) {
        const op = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
        expect(op['x-auth'], `${route.method} ${route.url}`).toBe(route.config.auth);
        expect(op.tags).toEqual([feature.name]);
        expect(op.summary).toBe(route.summary);
        if (route.config.auth === 'visitor') expect(op.security).toBeUndefined();
        else expect(op.security).toEqual([{ session: [] }]);
      }
    }
  });

  it('the documented answer of a route is its zod schema (a spot check)', () => {
    const register = doc.paths['/api/auth/register']!.post!;
    const body = register.requestBody!.content['application/json']!.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'username', 'birthDate', 'password']),
    );
    const answer = register.responses['201']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(answer.properties)).toEqual(['message', 'position']);
    const refusal = register.responses['4XX']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(refusal.properties)).toEqual(['error', 'field', 'message']);
  });

  it('documents X-Read-Model-Stale on the success answers of every query route, and says what it means', () => {
    const queries = documented().filter(
      (r) => readModelsOf((r.config as { readModel?: RouteReadModel } | undefined)?.readModel).length > 0,
    );
    expect(queries.length).toBeGreaterThan(30);
    for (const route of queries) {
      const op = doc.paths[openApiPath(route.url)]![String(route.method).toLowerCase()]!;
      const ok = op.responses['200'] as { headers?: Record<string, { schema: unknown; description: string }> };
      expect(ok.headers?.['X-Read-Model-Stale'], `${String(route.method)} ${route.url}`).toMatchObject({
        schema: { type: 'string', enum: ['true'] },
        description: expect.stringContaining("your session's last write"),
      });
    }
    const info = (doc as unknown as { info: { description: string } }).info.description;
    expect(info).toContain('Your session reads its own writes with no header');
    expect(info).toContain('X-Read-Model-Stale: true');
  });

  it('serves the documentation UI at /api/docs', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
  });
});
