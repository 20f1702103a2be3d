import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaProjection, postsProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { PNG_1X1, sampleWebM, truncatedWebM, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('short videos: submitted, shown once processed, failures shown to the author', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    // The workers process the videos with ffmpeg.
    h = await startHarness({
      label: 'video_posts',
      storage: true,
      workers: true,
      projections: [postsProjection, mediaProjection],
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: (await h.api.signedInUser(`bob_${Date.now()}`)).cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Polls GET /api/posts/{id} as `client` until `done` holds (processing takes a few seconds). */
  async function waitForPost(
    client: TestClient,
    id: string,
    done: (post: { status?: string }) => boolean,
    ms = 60_000,
  ) {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 300))) {
      const r = await client.get(`/api/posts/${id}`);
      if (r.statusCode === 200 && done(r.json())) return r.json();
    }
    throw new Error(`post ${id} did not get there in ${ms} ms`);
  }

  it('answers 201 processing; others see nothing until the MP4 and poster exist; then everyone sees the video', async () => {
    const video = await uploadToStore(asAda, await sampleWebM());
    const r = await asAda.post('/api/videos', { videoUrl: video, description: '  First dance  ', category: 'music' });
    expect(r.statusCode).toBe(201);
    const { post } = r.json() as {
      post: { id: string; status: string; kind: string; description: string; category: string };
    };
    expect(post).toMatchObject({
      kind: 'video',
      description: 'First dance',
      category: 'music',
      authorId: ada.userId,
      likeCount: 0,
      liked: false,
    });
    expect(['processing', 'published']).toContain(post.status);

    const published = await waitForPost(asAda, post.id, (p) => p.status === 'published');
    expect(published.videoUrl).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/video\.mp4$/);
    expect(published.thumbnailUrl).toMatch(/\/poster\.jpg$/);
    expect(published.durationSeconds).toBeGreaterThan(0.5);
    const asOther = await asBob.get(`/api/posts/${post.id}`);
    expect(asOther.json()).toMatchObject({ id: post.id, status: 'published', videoUrl: published.videoUrl });
    expect(asOther.json().user.email).toBeUndefined();
    expect((await h.client().get(published.videoUrl)).headers['content-type']).toBe('video/mp4');
  }, 90_000);

  it('a video that cannot be processed is failed with the reason, for its author only', async () => {
    const broken = await uploadToStore(asAda, await truncatedWebM());
    const r = await asAda.post('/api/videos', { videoUrl: broken, description: 'broken' });
    expect(r.statusCode).toBe(201);
    const id = r.json().post.id as string;
    const failed = await waitForPost(asAda, id, (p) => p.status === 'failed');
    expect(failed.failureReason).toEqual(expect.any(String));
    expect(failed.failureReason.length).toBeGreaterThan(0);
    expect((await asBob.get(`/api/posts/${id}`)).statusCode).toBe(404);
  }, 90_000);

  it("refuses an image, someone else's upload, a missing video, a long description and an unknown category, naming the field", async () => {
    const image = await uploadToStore(asAda, PNG_1X1);
    expect((await asAda.post('/api/videos', { videoUrl: image })).json()).toMatchObject({
      error: 'unsupported_type',
      field: 'videoUrl',
    });
    const adas = await uploadToStore(asAda, await sampleWebM());
    expect((await asBob.post('/api/videos', { videoUrl: adas })).json()).toMatchObject({
      error: 'foreign_upload',
      field: 'videoUrl',
    });
    expect((await asAda.post('/api/videos', {})).json()).toMatchObject({
      field: 'videoUrl',
      message: 'Choose a video to upload',
    });
    expect((await asAda.post('/api/videos', { videoUrl: adas, description: 'x'.repeat(201) })).json()).toMatchObject({
      field: 'description',
      message: 'A description is at most 200 characters',
    });
    expect((await asAda.post('/api/videos', { videoUrl: adas, category: 'cats' })).json()).toMatchObject({
      field: 'category',
    });
    expect((await h.client().post('/api/videos', { videoUrl: adas })).statusCode).toBe(401);
  }, 60_000);

  it('a video saved from the editor keeps its effects list in its event and answer; a malformed list is refused naming the field', async () => {
    const video = await uploadToStore(asAda, await sampleWebM());
    const effects = [
      { type: 'filter', id: 'bw' },
      { type: 'face-filter', id: 'dog-ears' },
      { type: 'text', id: 't1', text: 'Hello', x: 0.5, y: 0.2, fontSize: 24, color: '#ffffff', fontWeight: 'bold' },
      { type: 'sticker', id: 's1', emoji: '🔥', x: 0.3, y: 0.7, size: 48, rotation: 0 },
    ];
    const r = await asAda.post('/api/videos', { videoUrl: video, description: 'Edited', category: 'music', effects });
    expect(r.statusCode).toBe(201);
    const { post } = r.json() as { post: { id: string; effects: unknown } };
    expect(post.effects).toEqual(effects);
    const [submitted] = await h.store.readStream(`post-${post.id}`);
    expect(submitted).toMatchObject({ type: 'VideoPostSubmitted', data: { effects } });
    // ... and the posts read model serves it with the post.
    expect(((await waitForPost(asAda, post.id, () => true)) as { effects?: unknown }).effects).toEqual(effects);

    const refused = (body: unknown) => asAda.post('/api/videos', { videoUrl: video, effects: body });
    expect((await refused([{ type: 'filter', id: 'sepia' }])).json()).toMatchObject({
      error: 'validation_failed',
      field: 'effects.0.id',
    });
    expect(
      (
        await refused([
          { type: 'text', id: 't1', text: '   ', x: 0.5, y: 0.5, fontSize: 24, color: '#ffffff', fontWeight: 'bold' },
        ])
      ).json(),
    ).toMatchObject({ field: 'effects.0.text', message: 'Enter some text to add' });
    expect((await refused([{ type: 'sticker', id: 's1', emoji: '🔥', x: 1.5, y: 0.5 }])).json()).toMatchObject({
      field: 'effects.0.x',
    });
    expect(
      (
        await refused([
          { type: 'filter', id: 'bw' },
          { type: 'filter', id: 'warm' },
        ])
      ).statusCode,
    ).toBe(400);
  }, 60_000);

  it('a replay from 0 rebuilds the posts read model (videos and media outcomes) equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, postsProjection, ['posts', 'post_media', 'authors']);
    expect(rows.posts).toBeGreaterThanOrEqual(2);
    expect(differences).toEqual({ posts: 0, post_media: 0, authors: 0 });
  });
});
