import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaProjection, usersProjection } from '@myworld/projections';
import { mediaStreamName } from '@myworld/schemas';
import { uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '@myworld/command-api/testing';
import { mediaIdOfKey, runMediaCommand } from '@myworld/write-model/media';
import type { RoleDirectory } from '@myworld/write-model/roles';
import { writeSmallPng, writeVp9WebM } from './sample-media.ts';

/**
 * The whole media path with real parts: a browser-style upload to the local Swift, attaching it
 * through the API, the workers process (reactor -> BullMQ -> sharp / ffmpeg) recording the
 * outcome on the media stream, and the API serving the variants.
 */
describe('media processing: upload -> attach -> workers -> variants served', () => {
  let h: Harness;
  let user: SignedInUser;
  let client: TestClient;
  let dir: string;
  // The queues dashboard is for admins: these users hold the role.
  const admins = new Set<string>();
  const roles: RoleDirectory = { rolesOf: async (userId) => (admins.has(userId) ? ['admin'] : []) };

  beforeAll(async () => {
    h = await startHarness({
      label: 'media_processing',
      storage: true,
      workers: true,
      projections: [mediaProjection, usersProjection],
      app: { roles },
    });
    user = await h.api.signedInUser(`maker_${Date.now()}`);
    client = h.client({ cookie: user.cookie });
    dir = await mkdtemp(join(tmpdir(), 'myworld-media-test-'));
  });
  afterAll(async () => {
    await h?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const upload = (body: Buffer, contentType: string) => uploadToStore(client, body, contentType);

  /** Waits for the media object's outcome event and answers the stream's event types and the outcome. */
  async function outcomeOf(objectPath: string, timeout = 60_000) {
    const key = objectPath.replace(/^\/objects\//, '');
    // An attached upload is recorded as the server's copy, media/<id>/original-...; one recorded directly keeps its upload key.
    const stream = mediaStreamName(/^media\/([0-9a-f-]{36})\//.exec(key)?.[1] ?? mediaIdOfKey(key));
    await expect
      .poll(async () => (await h.store.readStream(stream)).length, { timeout, interval: 250 })
      .toBeGreaterThan(1);
    const events = await h.store.readStream(stream);
    return { types: events.map((e) => e.type), outcome: events.at(-1)! };
  }

  it('a profile picture gets a 1080-wide WebP (never enlarged) and a 320-wide thumbnail, served from the app', async () => {
    const source = join(dir, 'picture.png');
    await writeSmallPng(source, 1600, 1200);
    const set = await client.put('/api/profile/picture', {
      profileImageURL: await upload(await readFile(source), 'image/png'),
    });
    expect(set.statusCode).toBe(200);
    const { types, outcome } = await outcomeOf(set.json().objectPath);
    expect(types).toEqual(['MediaUploaded', 'MediaProcessed']);
    expect(outcome.metadata).toMatchObject({ actorId: 'system' });
    const { variants } = outcome.data as {
      variants: Record<string, { key: string; width: number; height: number; contentType: string }>;
    };
    expect(variants.display).toMatchObject({ contentType: 'image/webp', width: 1080, height: 810 });
    expect(variants.thumbnail).toMatchObject({ contentType: 'image/webp', width: 320, height: 240 });

    await expect
      .poll(async () => (await h.client().get(`/objects/${variants.display!.key}`)).statusCode, { timeout: 5_000 })
      .toBe(200);
    const served = await h.client().get(`/objects/${variants.thumbnail!.key}`);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  }, 90_000);

  it('a browser-recorded WebM (VP9/Opus) becomes an H.264/AAC MP4 and a poster; the video is served with Range', async () => {
    const source = join(dir, 'clip.webm');
    await writeVp9WebM(source, { seconds: 4, width: 1280, height: 720 });
    const started = Date.now();
    const address = await upload(await readFile(source), 'video/webm');
    // No feature attaches videos yet (posts come next): record the attachment as one will.
    const key = h.api.services.storage.keyOfUrl(address)!;
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
        size: (await readFile(source)).length,
        now: new Date(),
      },
      { metadata },
    );
    const attached = { objectPath: `/objects/${key}` };
    const { types, outcome } = await outcomeOf(attached.objectPath);
    console.log(`[media] 4 s 720p WebM uploaded, attached and processed in ${Date.now() - started} ms`);
    expect(types).toEqual(['MediaUploaded', 'MediaProcessed']);
    const data = outcome.data as {
      durationSeconds: number;
      variants: Record<string, { key: string; width: number; height: number; contentType: string; size: number }>;
    };
    expect(data.durationSeconds).toBeGreaterThan(3.5);
    expect(data.durationSeconds).toBeLessThan(4.5);
    expect(data.variants.video).toMatchObject({ contentType: 'video/mp4', height: 720 });
    expect(data.variants.poster).toMatchObject({ contentType: 'image/jpeg' });

    await expect
      .poll(
        async () =>
          (await h.client().get(`/objects/${data.variants.video!.key}`, { range: 'bytes=0-1023' })).statusCode,
        { timeout: 5_000 },
      )
      .toBe(206);
    const head = await h.client().get(`/objects/${data.variants.video!.key}`, { range: 'bytes=0-1023' });
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.headers['content-range']).toBe(`bytes 0-1023/${data.variants.video!.size}`);
    // faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    expect(head.rawPayload.indexOf('moov')).toBeGreaterThan(0);
  }, 120_000);

  it('the queues dashboard (admins) shows the processing jobs', async () => {
    const admin = await h.api.signedInUser(`admin_${Date.now()}`);
    admins.add(admin.userId);
    const asAdmin = h.client({ cookie: admin.cookie });
    expect((await asAdmin.get('/admin/queues')).statusCode).toBe(200);
    const queues = (await asAdmin.get('/admin/queues/api/queues')).json() as {
      queues: Array<{ name: string; counts: Record<string, number> }>;
    };
    const processing = queues.queues.find((q) => q.name === 'media-processing');
    expect(processing?.counts.completed).toBeGreaterThanOrEqual(2);
  });

  it('an image whose bytes only start like a PNG is recorded as failed, with the reason, and not retried', async () => {
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(2000, 7)]);
    const set = await client.put('/api/profile/background', { backgroundImageURL: await upload(fake, 'image/png') });
    expect(set.statusCode).toBe(200);
    const { types, outcome } = await outcomeOf(set.json().objectPath);
    expect(types).toEqual(['MediaUploaded', 'MediaProcessingFailed']);
    expect((outcome.data as { reason: string }).reason).toMatch(/\w/);
    expect((outcome.data as { reason: string }).reason).not.toContain(tmpdir());
  }, 60_000);
});
