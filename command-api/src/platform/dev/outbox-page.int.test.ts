import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerDevOutbox } from './outbox-page.ts';

describe('GET /dev/outbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-page-'));
  writeFileSync(
    join(dir, '2025-06-01T10-00-00-000Z-a.json'),
    JSON.stringify({
      id: 'a',
      to: 'jane@example.test',
      from: 'x',
      subject: 'Verify <your> email',
      text: 'Open http://127.0.0.1:3000/api/auth/verify-email?token=u.t&x=1\nThanks',
      html: '',
      createdAt: '2025-06-01T10:00:00.000Z',
    }),
  );
  writeFileSync(join(dir, 'not-a-message.json'), '{"what":1}');

  it('lists the emails the workers wrote, links clickable and text escaped', async () => {
    const app = Fastify();
    registerDevOutbox(app, { NODE_ENV: 'development', HOST: '127.0.0.1', OUTBOX_DIR: dir });
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Verify &#60;your&#62; email');
    expect(res.body).toContain('<a href="http://127.0.0.1:3000/api/auth/verify-email?token=u.t&#38;x=1">');
    expect(res.body).toContain('To jane@example.test');
    await app.close();
  });

  it('does not exist in production', async () => {
    const app = Fastify();
    registerDevOutbox(app, { NODE_ENV: 'production', HOST: '127.0.0.1', OUTBOX_DIR: dir });
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    await app.close();
  });

  it('does not exist on a non-loopback HOST, even in development', async () => {
    for (const HOST of ['0.0.0.0', '::', '10.1.2.3']) {
      const app = Fastify();
      registerDevOutbox(app, { NODE_ENV: 'development', HOST, OUTBOX_DIR: dir });
      expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      await app.close();
    }
  });
});
