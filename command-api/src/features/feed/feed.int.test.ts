import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { PNG_1X1, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('GET /api/feed: For You (ranked, with reasons) and Following (newest first), paged', () => {
  let h: Harness;
  let ada: SignedInUser;
  let bob: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;
  let asCara: TestClient;
  /** The last command's position: queries wait for the read model to pass it (X-Min-Position). */
  let last = '';

  beforeAll(async () => {
    h = await startHarness({ label: 'feed', storage: true, workers: true, projections: [postsProjection] });
    const suffix = Date.now();
    ada = await h.api.signedInUser(`ada_${suffix}`);
    bob = await h.api.signedInUser(`bob_${suffix}`);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: bob.cookie });
    asCara = h.client({ cookie: (await h.api.signedInUser(`cara_${suffix}`)).cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const command = async <T>(call: Promise<{ statusCode: number; json: () => unknown }>): Promise<T> => {
    const r = await call;
    expect(r.statusCode).toBeLessThan(300);
    const body = r.json() as T & { position: string };
    last = body.position;
    return body;
  };
  const post = (client: TestClient, content: string) =>
    command<{ post: { id: string } }>(client.post('/api/text-posts', { content })).then((b) => b.post.id);
  const feed = (client: TestClient, query = '') => client.get(`/api/feed${query}`, { 'x-min-position': last });
  const ids = (r: { json: () => unknown }) => (r.json() as Array<{ id: string }>).map((i) => i.id);

  it("Following: the followed authors' and one's own posts, newest first, 10 a page with X-Next-Cursor; nothing from others", async () => {
    const adas: string[] = [];
    for (let i = 0; i < 11; i++) adas.push(await post(asAda, `Ada ${i}`));
    const caras = await post(asCara, 'Cara, not followed');
    const bobs = await post(asBob, 'Bob himself');
    expect((await feed(asBob, '?tab=following')).json()).toEqual([expect.objectContaining({ id: bobs })]);

    await command(asBob.post(`/api/users/${ada.userId}/follow`));
    const first = await feed(asBob, '?tab=following');
    expect(first.statusCode).toBe(200);
    expect(ids(first)).toEqual([bobs, ...adas.slice(2).reverse()]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await feed(asBob, `?tab=following&cursor=${cursor}`);
    expect(ids(second)).toEqual([adas[1], adas[0]]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect(ids(first)).not.toContain(caras);
  });

  it("items have the feed item's fields plus liked, authorId and (For You) the reasons; the author's email only on their own items", async () => {
    const photo = await uploadToStore(asAda, PNG_1X1);
    const withPhoto = (
      await command<{ post: { id: string } }>(
        asAda.post('/api/text-posts', { content: 'With a photo', imageUrl: photo, fontStyle: 'italic' }),
      )
    ).post.id;
    const items = (await feed(asBob)).json() as Array<Record<string, unknown>>;
    const item = items.find((i) => i.id === withPhoto);
    expect(item).toMatchObject({
      kind: 'text',
      authorId: ada.userId,
      content: 'With a photo',
      imageUrl: expect.stringMatching(/display\.webp$/),
      fontStyle: 'italic',
      likeCount: 0,
      commentCount: 0,
      liked: false,
      user: { id: ada.userId, username: ada.username, firstName: expect.any(String), profileImageUrl: null },
      reasons: expect.arrayContaining(['following', 'fresh']),
    });
    expect((item!.user as Record<string, unknown>).email).toBeUndefined();
    const own = ((await feed(asAda)).json() as Array<{ id: string; user: { email?: string } }>).find(
      (i) => i.id === withPhoto,
    );
    expect(own?.user.email).toEqual(expect.stringContaining('@'));
  }, 30_000);

  it('For You pages through every post once, about 30% from authors the viewer does not follow, never one author twice in a row', async () => {
    for (let i = 0; i < 6; i++) await post(asCara, `Cara ${i}`);
    const seen: string[] = [];
    const reasons: string[][] = [];
    const authors: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await feed(asBob, cursor ? `?cursor=${cursor}` : '');
      expect(r.statusCode).toBe(200);
      const page = r.json() as Array<{ id: string; authorId: string; reasons: string[] }>;
      seen.push(...page.map((p) => p.id));
      reasons.push(...page.map((p) => p.reasons));
      authors.push(...page.map((p) => p.authorId));
      cursor = r.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(20);
    // Cara is not followed: her posts are the discovery share, spread through the first ten (one more
    // when Ada, the only followed author left, would otherwise come twice in a row).
    const firstTen = reasons.slice(0, 10).filter((r) => r.includes('discovery')).length;
    expect(firstTen).toBeGreaterThanOrEqual(2);
    expect(firstTen).toBeLessThanOrEqual(4);
    for (let i = 1; i < 10; i++) expect(authors[i]).not.toBe(authors[i - 1]);
  });

  it('hideEngagement hides likeCount and viewCount from others, not from the author', async () => {
    const id = await post(asAda, 'Counts hidden');
    const privacy = await asAda.patch('/api/users/privacy', { hideEngagement: true });
    expect(privacy.statusCode).toBe(200);
    last = (privacy.json() as { position?: string }).position ?? (privacy.headers['x-position'] as string) ?? last;
    const others = ((await feed(asBob)).json() as Array<Record<string, unknown>>).find((i) => i.id === id)!;
    expect(others).not.toHaveProperty('likeCount');
    expect(others).not.toHaveProperty('viewCount');
    expect(others).toHaveProperty('commentCount', 0);
    const mine = ((await feed(asAda)).json() as Array<Record<string, unknown>>).find((i) => i.id === id)!;
    expect(mine).toMatchObject({ likeCount: 0, viewCount: 0 });
    await command(asAda.patch('/api/users/privacy', { hideEngagement: false }));
  });

  it('a deleted post leaves both tabs and its detail page (404)', async () => {
    const id = await post(asAda, 'Soon gone');
    expect(ids(await feed(asBob, '?tab=following'))).toContain(id);
    await command(asAda.delete(`/api/posts/${id}`));
    expect(ids(await feed(asBob, '?tab=following'))).not.toContain(id);
    expect(ids(await feed(asBob))).not.toContain(id);
    expect((await asBob.get(`/api/posts/${id}`, { 'x-min-position': last })).json()).toMatchObject({
      message: 'Post not found',
    });
  });

  it("refuses a bad tab, a malformed cursor and another tab's cursor (400 naming the field); Following needs sign-in", async () => {
    expect((await feed(asBob, '?tab=trending')).json()).toMatchObject({ field: 'tab' });
    expect((await feed(asBob, '?cursor=not!base64')).json()).toMatchObject({ field: 'cursor' });
    const forYouCursor = (await feed(asBob)).headers['x-next-cursor'] as string;
    expect((await feed(asBob, `?tab=following&cursor=${forYouCursor}`)).statusCode).toBe(400);
    expect((await h.client().get('/api/feed?tab=following')).statusCode).toBe(401);
    const visitor = await h.client().get('/api/feed');
    expect(visitor.statusCode).toBe(200);
    expect((visitor.json() as unknown[]).length).toBeGreaterThan(0);
  });

  it('a replay from 0 rebuilds every table of the posts read model equal to the live one', async () => {
    const tables = [
      'posts',
      'post_media',
      'post_likes',
      'post_comments',
      'viewer_seen',
      'author_affinity',
      'follow_edges',
      'authors',
    ];
    const { differences, rows } = await replayDifferences(h, postsProjection, tables);
    expect(rows.posts).toBeGreaterThan(15);
    expect(rows.follow_edges).toBe(1);
    expect(Object.values(differences).every((d) => d === 0)).toBe(true);
  });
});
