import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { buildApp } from '../../app.ts';
import { loadApiConfig } from '../../config.ts';
import { closeServices, openServices, type ApiServices } from '../../services.ts';
import { redactUrl } from './log-redaction.ts';

describe('request logs never carry secrets', () => {
  let db: TestDatabase;
  let services: ApiServices;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('log_redaction');
    const config = loadApiConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'info',
      WEB_DIST: 'no-such-dir',
      NODE_ENV: 'test',
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    services = await openServices(config, {
      logger: pino({ level: 'info' }, stream),
      redisKeyPrefix: `test:logs:${randomUUID()}:`,
    });
    app = await buildApp(services);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (services) await closeServices(services);
    await db?.drop();
  });

  it("a verify-email link's token, a cookie and an authorization header stay out of the log of a real request", async () => {
    const secret = `${randomUUID()}.SECRETSECRETSECRETSECRETSECRETSECRETSECRET1`;
    const r = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(secret)}&next=%2Fhome`,
      headers: { cookie: 'myworld_sid=COOKIESECRET123', authorization: 'Bearer AUTHSECRET123' },
    });
    expect(r.statusCode).toBeLessThan(500);
    await new Promise((resolve) => setImmediate(resolve));
    const log = lines.join('');
    expect(log).toContain('/api/auth/verify-email?token=[redacted]&next=%2Fhome');
    expect(log).not.toContain('SECRETSECRET');
    expect(log).not.toContain('COOKIESECRET123');
    expect(log).not.toContain('AUTHSECRET123');
  });

  it('redactUrl censors token, password and secret parameters only', () => {
    expect(redactUrl('/a?token=x&page=2&Password=y&client_secret=z&reset%5Ftoken=w')).toBe(
      '/a?token=[redacted]&page=2&Password=[redacted]&client_secret=[redacted]&reset%5Ftoken=[redacted]',
    );
    expect(redactUrl('/a/b')).toBe('/a/b');
  });
});
