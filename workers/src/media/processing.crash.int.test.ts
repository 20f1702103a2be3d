import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaIdOfKey, runMediaCommand } from '@myworld/write-model/media';
import { mediaStreamName } from '@myworld/schemas';
import { openQueue, startWorkersProcess, type InspectedQueue, type WorkersProcess } from '@myworld/testkit';
import { startHarness, type Harness } from '@myworld/command-api/testing';
import { MEDIA_PROCESSING_QUEUE } from './processing.jobs.ts';
import { writeVp9WebM } from './sample-media.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/0';

describe('a media worker killed mid-job (SIGKILL)', () => {
  const prefix = `crash-${randomBytes(4).toString('hex')}`;
  let h: Harness;
  let queue: InspectedQueue;
  let dir: string;
  const workers: WorkersProcess[] = [];

  beforeAll(async () => {
    h = await startHarness({ label: 'media_crash', storage: true, projections: [], env: { QUEUE_PREFIX: prefix } });
    queue = openQueue(MEDIA_PROCESSING_QUEUE, REDIS_URL, prefix);
    dir = await mkdtemp(join(tmpdir(), 'myworld-media-crash-'));
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await queue?.queue.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await h?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const startWorkers = async () => {
    const w = await startWorkersProcess({
      DATABASE_URL: h.database.url,
      REDIS_URL,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'http://myworld.test',
      TOKEN_SECRET: h.config.TOKEN_SECRET,
      QUEUE_PREFIX: prefix,
      OUTBOX_DIR: dir,
      S3_BUCKET: h.storage.config.S3_BUCKET,
      // A crashed worker's job is taken up again after 2 s without a lock renewal.
      MEDIA_JOB_LOCK_SECONDS: '2',
    });
    workers.push(w);
    return w;
  };

  it('loses nothing: the job reruns on another process and the outcome is recorded once', async () => {
    const source = join(dir, 'long.webm');
    // Long enough to be killed mid-transcode: progress is reported every half second.
    await writeVp9WebM(source, { seconds: 10, width: 1280, height: 720 });
    const user = await h.api.signedInUser(`crash_${Date.now()}`);
    const { uploadURL } = (await h.client({ cookie: user.cookie }).post('/api/objects/upload')).json() as {
      uploadURL: string;
    };
    const body = await readFile(source);
    expect((await fetch(uploadURL, { method: 'PUT', body })).status).toBe(200);

    const first = await startWorkers();
    const key = h.api.services.storage.keyOfUrl(uploadURL)!;
    const mediaId = mediaIdOfKey(key);
    const metadata = {
      actorId: user.userId,
      correlationId: mediaId,
      causationId: null,
      requestId: null,
      client: null,
      timestamp: new Date().toISOString(),
    };
    await runMediaCommand(
      h.store,
      mediaId,
      {
        type: 'AttachUpload',
        mediaId,
        ownerId: user.userId,
        key,
        purpose: 'video',
        kind: 'video',
        contentType: 'video/webm',
        size: body.length,
        now: new Date(),
      },
      { metadata },
    );

    // Kill the process while it transcodes (its job has reported progress, and no outcome is recorded).
    await expect
      .poll(
        async () => {
          const [job] = await queue.queue.getJobs(['active']);
          return typeof job?.progress === 'number' ? job.progress : 0;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    await first.kill();
    const stream = mediaStreamName(mediaId);
    expect((await h.store.readStream(stream)).map((e) => e.type)).toEqual(['MediaUploaded']);

    await startWorkers();
    await expect
      .poll(async () => (await h.store.readStream(stream)).length, { timeout: 90_000, interval: 500 })
      .toBeGreaterThan(1);
    // Give a duplicate a chance to show up before counting.
    await expect.poll(async () => (await queue.queue.getJobCounts('completed')).completed, { timeout: 30_000 }).toBe(1);
    expect((await h.store.readStream(stream)).map((e) => e.type)).toEqual(['MediaUploaded', 'MediaProcessed']);
    const [job] = await queue.queue.getJobs(['completed']);
    // The first run stalled: BullMQ counted it before the rerun finished it.
    expect(job?.stalledCounter ?? 0).toBeGreaterThanOrEqual(1);
  }, 240_000);
});
