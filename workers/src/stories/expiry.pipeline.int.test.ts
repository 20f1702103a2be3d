import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaProjection, storiesProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { comparePositions, mediaStreamName, storyStreamName, type Position, type Story } from '@myworld/schemas';
import {
  PNG_1X1,
  openQueue,
  startWorkersProcess,
  type InspectedQueue,
  type TestClient,
  type WorkersProcess,
} from '@myworld/testkit';
import { startHarness, type Harness } from '@myworld/command-api/testing';
import { STORY_EXPIRY_QUEUE } from './expiry.jobs.ts';
import { STORY_EXPIRY_REACTOR } from './expiry.pipeline.ts';

/** POST /api/stories' multipart body, as a browser's FormData sends it. */
async function storyForm(fields: Record<string, string>, file?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('media', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'story.png');
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const TTL_SECONDS = 5;

describe("story expiry in the workers: StoryExpired at the story's time, its media deleted, no expiry lost to a restart", () => {
  let h: Harness;
  let queue: InspectedQueue;
  let outbox: string;
  let ada: TestClient;
  const running: WorkersProcess[] = [];

  beforeAll(async () => {
    // The workers are started and stopped by the tests themselves.
    h = await startHarness({
      label: 'story_expiry',
      storage: true,
      projections: [storiesProjection, mediaProjection],
      env: { STORY_TTL_SECONDS: String(TTL_SECONDS) },
    });
    queue = openQueue(STORY_EXPIRY_QUEUE, h.config.REDIS_URL, h.config.QUEUE_PREFIX);
    outbox = await mkdtemp(join(tmpdir(), 'myworld-story-expiry-'));
    ada = h.client({ cookie: (await h.api.signedInUser(`ada_${Date.now()}`)).cookie });
  });
  afterAll(async () => {
    await stopWorkers();
    await queue?.queue.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await h?.stop();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  const startWorkers = async () => {
    const w = await startWorkersProcess({
      DATABASE_URL: h.database.url,
      REDIS_URL: h.config.REDIS_URL,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'http://myworld.test',
      TOKEN_SECRET: h.config.TOKEN_SECRET,
      QUEUE_PREFIX: h.config.QUEUE_PREFIX,
      OUTBOX_DIR: outbox,
      S3_BUCKET: h.storage.config.S3_BUCKET,
      BACKGROUND_CATALOGUE: 'false',
    });
    running.push(w);
    return w;
  };
  /** Stops every workers process (a killed one is only forgotten: testkit's stop() would wait 8 s for its exit). */
  const stopWorkers = async () => {
    for (const w of running.splice(0)) await w.stop();
  };
  const createStory = async (fields: Record<string, string>, file?: Buffer): Promise<Story> => {
    const { payload, headers } = await storyForm(fields, file);
    const r = await ada.post('/api/stories', payload, headers);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().story as Story;
  };
  const eventsOf = async (stream: string) => (await h.store.readStream(stream)).map((e) => e.type);
  const expired = (storyId: string, timeout = 20_000) =>
    expect
      .poll(() => eventsOf(storyStreamName(storyId)), { timeout, interval: 250 })
      .toEqual(['StoryCreated', 'StoryExpired']);

  it('with the workers running: an image story expires at its time, its original and variants are deleted, and every read forgets it', async () => {
    if (running.length === 0) await startWorkers();
    const story = await createStory({ mediaType: 'image', content: 'Short-lived' }, PNG_1X1);
    const [created] = await h.store.readStream(storyStreamName(story.id));
    const { mediaId, authorId } = created!.data as { mediaId: string; authorId: string };

    await expired(story.id);
    const expiry = (await h.store.readStream(storyStreamName(story.id)))[1]!;
    expect(expiry.data).toMatchObject({ storyId: story.id, mediaId });
    expect(Date.parse((expiry.data as { expiredAt: string }).expiredAt)).toBeGreaterThanOrEqual(
      Date.parse(story.expiresAt),
    );
    expect(expiry.metadata).toMatchObject({ actorId: 'system', causationId: created!.id });

    // Every file of the media object (the upload and what processing made) is deleted.
    const filesOf = async () => {
      const events = await h.store.readStream(mediaStreamName(mediaId));
      const processed = events.find((e) => e.type === 'MediaProcessed')?.data as
        { variants: Record<string, { key: string }> } | undefined;
      return [(events[0]!.data as { key: string }).key, ...Object.values(processed?.variants ?? {}).map((v) => v.key)];
    };
    await expect.poll(async () => (await filesOf()).length, { timeout: 30_000 }).toBe(3);
    const keys = await filesOf();
    expect(keys.sort()).toEqual([
      `media/${mediaId}/display.webp`,
      expect.stringMatching(new RegExp(`^media/${mediaId}/original-`)),
      `media/${mediaId}/thumbnail.webp`,
    ]);
    expect(await h.storage.storage.head(`uploads/${authorId}/${story.id}`)).toBeUndefined();
    await expect
      .poll(async () => (await Promise.all(keys.map((k) => h.storage.storage.head(k)))).filter(Boolean).length, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(0);

    await h.readModels.waitFor('stories', await h.appendedSoFar(), 5_000);
    expect((await ada.get('/api/stories')).json()).toEqual([]);
    expect((await ada.get(`/api/stories/${story.id}/viewers`)).statusCode).toBe(404);
  }, 60_000);

  it('a story created while the workers were down expires once they start (the reactor reads the log from its checkpoint)', async () => {
    await stopWorkers();
    const story = await createStory({ mediaType: 'text', content: 'Nobody is watching' });
    await sleep(Math.max(0, Date.parse(story.expiresAt) - Date.now()) + 200);
    expect(await eventsOf(storyStreamName(story.id))).toEqual(['StoryCreated']);
    await startWorkers();
    await expired(story.id);
  }, 60_000);

  it('jobs lost with Redis come back: at start the schedule is rebuilt from the read model', async () => {
    if (running.length === 0) await startWorkers();
    const story = await createStory({ mediaType: 'text', content: 'Scheduled, then forgotten' });
    const createdAt = (await h.store.readStream(storyStreamName(story.id)))[0]!.position;
    // The running workers scheduled it and moved their checkpoint past it; the read model has it.
    await expect
      .poll(async () => (await queue.queue.getJob(story.id))?.id, { timeout: 10_000, interval: 100 })
      .toBe(story.id);
    await expect
      .poll(async () => comparePositions((await reactorCheckpoint()) ?? { commit: 0n, prepare: 0n }, createdAt) >= 0, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(true);
    expect(await h.readModels.waitFor('stories', createdAt, 5_000)).toBe(true);

    // A crash, and Redis loses every job: only the read model still knows the story must expire.
    for (const w of running.splice(0)) await w.kill();
    await queue.queue.obliterate({ force: true });
    expect(await eventsOf(storyStreamName(story.id))).toEqual(['StoryCreated']);
    expect(await queue.queue.getJob(story.id)).toBeUndefined();

    const restarted = await startWorkers();
    await expired(story.id);
    expect(restarted.logs()).toMatch(
      /"stories":1,"retried":0,"msg":"story expiry schedule rebuilt from the read model"/,
    );
    // The rebuilt job knew no cause; the expiry still names the story's creation as its cause.
    const [created, expiry] = await h.store.readStream(storyStreamName(story.id));
    expect(expiry!.metadata).toMatchObject({
      causationId: created!.id,
      correlationId: created!.metadata.correlationId,
    });
  }, 60_000);

  it('a replay from 0 rebuilds the stories read model (expired stories gone) equal to the live one', async () => {
    // Nothing expires while the two are compared.
    await stopWorkers();
    const live = await createStory({ mediaType: 'text', content: 'Still here' });
    const tables = ['stories', 'story_views', 'story_media', 'follow_edges', 'user_cards'];
    const { differences, rows } = await replayDifferences(h, storiesProjection, tables);
    expect(rows.stories).toBe(1);
    expect(rows.user_cards).toBeGreaterThanOrEqual(1);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
    expect((await ada.get('/api/stories')).json().map((s: Story) => s.id)).toEqual([live.id]);
  });

  async function reactorCheckpoint(): Promise<Position | undefined> {
    const r = await sql<{
      c: string;
      p: string;
    }>`select checkpoint_commit::text as c, checkpoint_prepare::text as p from reactor_checkpoints where name = ${STORY_EXPIRY_REACTOR}`.execute(
      h.db,
    );
    const row = r.rows[0];
    return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : undefined;
  }
});
