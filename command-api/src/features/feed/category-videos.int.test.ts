import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsProjection } from '@myworld/projections';
import { appendVideoPost, replayDifferences } from '@myworld/projections/testing';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

describe("GET /api/videos/category/{category}: discover's processed videos of one category, ranked, paged", () => {
  let h: Harness;
  let ada: SignedInUser;
  let asBob: TestClient;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const caughtUp = async () => expect(await readModelsCaughtUp(h, ['posts'])).toBe(true);
  const ids = (r: { json: () => unknown }) => (r.json() as Array<{ id: string }>).map((i) => i.id);
  const music: string[] = [];
  let comedy = '';
  let processing = '';

  beforeAll(async () => {
    h = await startHarness({ label: 'category_videos', projections: [postsProjection] });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asBob = h.client({ cookie: (await h.api.signedInUser(`bob_${Date.now()}`)).cookie });
    // Twelve music videos, one an hour, the newest first in `music`.
    for (let i = 0; i < 12; i++)
      music.push(
        (await appendVideoPost(h.store, ada.userId, `Music ${i}`, { category: 'music', at: hoursAgo(i + 1) })).id,
      );
    comedy = (await appendVideoPost(h.store, ada.userId, 'Comedy', { category: 'comedy', at: hoursAgo(1) })).id;
    // Submitted, never processed: not shown.
    processing = (
      await appendVideoPost(h.store, ada.userId, 'Still processing', { category: 'music', outcome: 'processing' })
    ).id;
    await caughtUp();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("pages through the category's processed videos only, 10 then 2, fresher first at equal engagement", async () => {
    const first = await h.client().get('/api/videos/category/music');
    expect(first.statusCode).toBe(200);
    const items = first.json() as Array<{ id: string; kind: string; category: string; status: string }>;
    expect(items).toHaveLength(10);
    for (const item of items) expect(item).toMatchObject({ kind: 'video', category: 'music', status: 'published' });
    expect(ids(first)).toEqual(music.slice(0, 10));
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await h.client().get(`/api/videos/category/music?cursor=${cursor}`);
    expect(ids(second)).toEqual(music.slice(10));
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const all = [...ids(first), ...ids(second)];
    expect(all).not.toContain(comedy);
    expect(all).not.toContain(processing);
    expect(ids(await h.client().get('/api/videos/category/comedy'))).toEqual([comedy]);
    expect((await h.client().get('/api/videos/category/travel')).json()).toEqual([]);
  });

  it('ranks by the shared score: engagement lifts an older video above fresher ones', async () => {
    const older = music[5]!;
    for (let i = 0; i < 4; i++) {
      const fan = h.client({ cookie: (await h.api.signedInUser()).cookie });
      expect((await fan.post(`/api/posts/${older}/like`)).statusCode).toBe(200);
    }
    await caughtUp();
    const page = ids(await asBob.get('/api/videos/category/music'));
    expect(page[0]).toBe(older);
    expect(page.slice(1)).toEqual(music.filter((id) => id !== older).slice(0, 9));
  });

  it("refuses an unknown category and a malformed or another category's cursor (400 naming the field)", async () => {
    expect((await h.client().get('/api/videos/category/cats')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'category',
    });
    expect((await h.client().get('/api/videos/category/none')).json()).toMatchObject({ field: 'category' });
    expect((await h.client().get('/api/videos/category/music?cursor=not!base64')).json()).toMatchObject({
      field: 'cursor',
    });
    const musicCursor = (await h.client().get('/api/videos/category/music')).headers['x-next-cursor'] as string;
    expect((await h.client().get(`/api/videos/category/comedy?cursor=${musicCursor}`)).json()).toMatchObject({
      field: 'cursor',
    });
    expect((await h.client().get(`/api/feed?cursor=${musicCursor}`)).json()).toMatchObject({ field: 'cursor' });
  });

  it('a replay from 0 rebuilds the posts read model equal to the live one', async () => {
    const tables = ['posts', 'post_media', 'post_likes', 'authors'];
    const { differences, rows } = await replayDifferences(h, postsProjection, tables);
    expect(rows.posts).toBe(14);
    expect(Object.values(differences).every((d) => d === 0)).toBe(true);
  });
});
