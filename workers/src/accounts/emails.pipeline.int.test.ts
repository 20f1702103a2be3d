import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { emailToken, hashToken } from '@myworld/schemas/server';
import { startSmtpCapture, type SmtpCapture } from '@myworld/testkit';
import { ACCOUNTS_EMAIL_REACTOR, startAccountsEmails, type AccountsEmailsConfig } from './emails.pipeline.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
const logger = pino({ level: 'silent' });

function verificationRequested(userId: string, email: string, expiresAt = new Date(Date.now() + 3_600_000)): NewEvent {
  const tokenId = randomUUID();
  return {
    id: randomUUID(),
    type: 'EmailVerificationRequested',
    data: {
      userId,
      email,
      reason: 'registered',
      tokenId,
      tokenHash: hashToken(emailToken(SECRET, userId, tokenId)),
      expiresAt: expiresAt.toISOString(),
    },
    metadata: testMetadata(),
  };
}

describe('accounts emails: reactor -> BullMQ -> worker -> SMTP', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let smtp: SmtpCapture;
  let config: AccountsEmailsConfig;
  beforeAll(async () => {
    database = await createTestDatabase('emails');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    smtp = await startSmtpCapture();
    config = {
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      TOKEN_SECRET: SECRET,
      PUBLIC_URL: 'http://myworld.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MyWorld <no-reply@myworld.test>',
      OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'myworld-outbox-')),
      QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      EMAIL_CONCURRENCY: 2,
      REACTOR_BATCH_SIZE: 10,
    };
  });
  afterAll(async () => {
    await smtp.close();
    await store.close();
    await database.drop();
  });

  it('sends each requested email once over SMTP, with a link carrying the token the log only hashes', async () => {
    const emails = startAccountsEmails(store, config, logger);
    try {
      const userId = randomUUID();
      const event = verificationRequested(userId, 'one@example.test');
      await store.append(`user-${userId}`, expected.noStream, [event]);
      const mail = await smtp.waitFor((m) => m.to.includes('one@example.test'));
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      expect(hashToken(token)).toBe((event.data as { tokenHash: string }).tokenHash);
      expect(mail.messageId).toBe(`<${event.id}@myworld>`);
      expect(mail.subject).toBe('Verify your email for MyWorld');
      expect(mail.html).toContain('<a href="http://myworld.test/api/auth/verify-email?token=');
      // The job (it holds the address) is gone once sent.
      await expect.poll(async () => (await emails.queue.getJob(event.id)) ?? null, { timeout: 10_000 }).toBeNull();
    } finally {
      await emails.stop();
    }
  });

  it('a replay from position 0 (or a redelivery) sends nothing twice; expired tokens are never mailed', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, expected.noStream, [
      verificationRequested(userId, 'two@example.test'),
      verificationRequested(userId, 'stale@example.test', new Date(Date.now() - 1)),
    ]);
    let emails = startAccountsEmails(store, config, logger);
    await smtp.waitFor((m) => m.to.includes('two@example.test'));
    await emails.stop();

    // Forget the checkpoint: the reactor reads the whole log again.
    const pool = new pg.Pool({ connectionString: database.url });
    await pool.query('delete from reactor_checkpoints where name = $1', [ACCOUNTS_EMAIL_REACTOR]);
    await pool.end();
    const before = smtp.messages.length;
    emails = startAccountsEmails(store, config, logger);
    await sleep(1_500);
    await emails.stop();
    expect(smtp.messages.length).toBe(before);
    expect(smtp.messages.filter((m) => m.to.includes('one@example.test'))).toHaveLength(1);
    expect(smtp.messages.some((m) => m.to.includes('stale@example.test'))).toBe(false);
  });

  it('without SMTP_URL each email is written to the outbox directory', async () => {
    const emails = startAccountsEmails(
      store,
      { ...config, SMTP_URL: undefined, QUEUE_PREFIX: `${config.QUEUE_PREFIX}-outbox` },
      logger,
    );
    try {
      const userId = randomUUID();
      await store.append(`user-${userId}`, expected.noStream, [verificationRequested(userId, 'outbox@example.test')]);
      let files: string[] = [];
      for (
        let i = 0;
        i < 100 &&
        files.every((f) => !readFileSync(join(config.OUTBOX_DIR, f), 'utf8').includes('outbox@example.test'));
        i++
      ) {
        await sleep(100);
        files = readdirSync(config.OUTBOX_DIR);
      }
      const message = files
        .map((f) => JSON.parse(readFileSync(join(config.OUTBOX_DIR, f), 'utf8')))
        .find((m) => m.to === 'outbox@example.test');
      expect(message).toMatchObject({
        subject: 'Verify your email for MyWorld',
        text: expect.stringContaining('http://myworld.test/api/auth/verify-email?token='),
      });
    } finally {
      await emails.stop();
    }
  });
});
