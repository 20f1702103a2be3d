import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, type Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpCapture, type SmtpCapture } from '@myworld/testkit';
import { smtpTransport } from '../platform/mail-transport.ts';
import { queueConnection } from '../platform/queues.ts';
import { VIEWER_REMINDER_QUEUE, viewerReminderJobFor } from './reminders.jobs.ts';
import { startViewerReminderWorker } from './viewer-reminders.worker.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/0';
const prefix = `test-${randomBytes(6).toString('hex')}`;

describe('viewer reminder worker: a failed email is retried without a second socket notice', () => {
  let smtp: SmtpCapture;
  let queueRedis: Redis;
  let queue: Queue;
  let subscriber: Redis;
  const heard: string[] = [];
  const userId = randomUUID();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    queueRedis = queueConnection(REDIS_URL);
    queue = new Queue(VIEWER_REMINDER_QUEUE, { connection: queueRedis, prefix });
    subscriber = new Redis(REDIS_URL);
    subscriber.on('message', (_channel: string, text: string) => heard.push(text));
    await subscriber.subscribe(`myworld:ws:user:${userId}`);
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    queueRedis?.disconnect();
    subscriber?.disconnect();
    await smtp?.close();
  });

  const startWorker = (smtpUrl: string): { worker: Worker; close(): Promise<void> } => {
    const connection = queueConnection(REDIS_URL);
    const transport = smtpTransport(smtpUrl);
    const worker = startViewerReminderWorker({
      connection,
      prefix,
      concurrency: 1,
      publisher: queueRedis,
      transport,
      publicUrl: 'http://myworld.test',
      from: 'MyWorld <no-reply@myworld.test>',
      logger: pino({ level: 'silent' }),
    });
    return {
      worker,
      async close() {
        await worker.close();
        transport.close();
        connection.disconnect();
      },
    };
  };

  it('SMTP away: the notice goes out once, the job fails; the retry sends only the email', async () => {
    const streamId = randomUUID();
    const down = startWorker(`smtp://127.0.0.1:${await freePort()}`);
    const { name, data, opts } = viewerReminderJobFor({
      streamId,
      userId,
      to: 'ada@example.test',
      title: 'Jam',
      streamerUsername: 'zoe',
      scheduledFor: new Date().toISOString(),
      isActive: false,
      noticeSent: false,
    });
    const job = await queue.add(name, data, opts);
    await expect
      .poll(async () => (await queue.getJob(job.id!))?.attemptsMade, { timeout: 10_000, interval: 50 })
      .toBe(1);
    await down.close();
    expect(heard.map((t) => JSON.parse(t))).toEqual([
      {
        message: {
          type: 'stream_reminder',
          streamId,
          title: 'Jam',
          streamerUsername: 'zoe',
          scheduledFor: expect.any(String),
          isActive: false,
        },
      },
    ]);
    expect((await queue.getJob(job.id!))!.data.noticeSent).toBe(true);

    const up = startWorker(smtp.url);
    try {
      await (await queue.getJob(job.id!))!.promote();
      const mail = await smtp.waitFor((m) => m.to.includes('ada@example.test'), 10_000);
      expect(mail.subject).toBe('zoe is going live: Jam');
      // Sent: the job (it holds the address) is gone from Redis.
      await expect.poll(async () => await queue.getJob(job.id!), { timeout: 5_000 }).toBeUndefined();
      expect(heard).toHaveLength(1);

      // The same reminder asked for again (the stream's other due job, a replay): nothing more is
      // sent. The next reminder, for another viewer, is the marker that the worker moved past it.
      const again = viewerReminderJobFor({ ...data, noticeSent: false });
      await queue.add(again.name, again.data, again.opts);
      const other = viewerReminderJobFor({ ...data, userId: randomUUID(), to: 'bob@example.test', noticeSent: false });
      await queue.add(other.name, other.data, other.opts);
      await smtp.waitFor((m) => m.to.includes('bob@example.test'), 10_000);
      expect(smtp.messages.filter((m) => m.to.includes('ada@example.test'))).toHaveLength(1);
      expect(heard).toHaveLength(1);
    } finally {
      await up.close();
    }
  });
});
