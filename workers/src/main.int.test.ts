import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';

describe('the workers process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('workers_main');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('starts with development defaults and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'workers/src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
        OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'outbox-')),
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 20_000;
    while (!output.includes('workers running') && Date.now() < deadline && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('workers running');
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(output).toContain('stopping workers');
  });
});
