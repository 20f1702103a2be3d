import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsProjection, searchProjection, trendingProjection } from '@myworld/projections';
import { appendVideoPost, replayDifferences } from '@myworld/projections/testing';
import { SEARCH_PAGE_SIZE, parsePosition, type SearchResult } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('GET /api/search: users, videos, text posts and hashtags, ranked and paged', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let visitor: TestClient;
  /** The last write's position: queries wait for the read model to pass it (X-Min-Position). */
  let last = '';

  beforeAll(async () => {
    h = await startHarness({ label: 'search', projections: [postsProjection, searchProjection, trendingProjection] });
    ada = await h.api.signedInUser(`marigoldpainter_${Date.now().toString(36)}`);
    asAda = h.client({ cookie: ada.cookie });
    visitor = h.client();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const post = async (content: string, client = asAda): Promise<string> => {
    const r = await client.post('/api/text-posts', { content });
    expect(r.statusCode).toBeLessThan(300);
    const body = r.json() as { post: { id: string }; position: string };
    last = body.position;
    return body.post.id;
  };
  const video = async (description: string, options: Parameters<typeof appendVideoPost>[3] = {}) => {
    const { id, position } = await appendVideoPost(h.store, ada.userId, description, options);
    last = position;
    return id;
  };
  const search = async (query: string, client = visitor) => {
    const r = await client.get(`/api/search${query}`, { 'x-min-position': last });
    return {
      status: r.statusCode,
      body: r.json() as SearchResult[] & { field?: string },
      next: r.headers['x-next-cursor'] as string | undefined,
    };
  };
  const results = async (query: string) => (await search(query)).body;

  it('finds a post with #sunset by filter=hashtags and by q=sunset within a second of posting, with its card’s look', async () => {
    const r = await asAda.post('/api/text-posts', {
      content: 'Golden hour on the pier #sunset',
      backgroundColor: '#1d4ed8',
      textColor: '#fef08a',
      fontStyle: 'italic',
    });
    const id = (r.json() as { post: { id: string } }).post.id;
    const started = Date.now();
    let byTag: SearchResult[] = [];
    let byWord: SearchResult[] = [];
    while (Date.now() - started < 1000) {
      [byTag, byWord] = await Promise.all([results('?q=%23sunset&filter=hashtags'), results('?q=sunset')]);
      if (byTag.length > 0 && byWord.some((x) => x.id === id)) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Date.now() - started).toBeLessThan(1000);
    expect(byTag).toEqual([
      expect.objectContaining({
        type: 'hashtag',
        id: 'sunset',
        title: '#sunset',
        useCount: 1,
        user: null,
        textStyle: null,
      }),
    ]);
    expect(byWord).toContainEqual(
      expect.objectContaining({
        type: 'text_post',
        id,
        title: 'Golden hour on the pier #sunset',
        textStyle: { backgroundColor: '#1d4ed8', textColor: '#fef08a', fontStyle: 'italic' },
        user: expect.objectContaining({ id: ada.userId, username: ada.username, isVerified: false }),
      }),
    );
  });

  it('a username with one typo finds its user; a prefix finds it too', async () => {
    const typo = ada.username.replace('painter', 'paintar');
    expect((await results(`?q=${typo}&filter=users`)).map((u) => u.id)).toContain(ada.userId);
    const [first] = await results('?q=marigold&filter=users');
    expect(first).toMatchObject({
      type: 'user',
      id: ada.userId,
      content: ada.username,
      user: { username: ada.username, followerCount: 0 },
    });
  });

  it('an accented query finds unaccented text and an unaccented one accented text', async () => {
    const brulee = await post('Crème brûlée at the corner café');
    const jalapeno = await post('Spicy jalapeno nachos tonight');
    expect((await results('?q=creme%20brulee')).map((r) => r.id)).toContain(brulee);
    expect((await results(`?q=${encodeURIComponent('jalapeño')}`)).map((r) => r.id)).toContain(jalapeno);
    expect((await results(`?q=${encodeURIComponent('CAFÉ')}&filter=posts`)).map((r) => r.id)).toContain(brulee);
  });

  it('a deleted post vanishes from search and its hashtag count drops (the tag goes with its last use)', async () => {
    const one = await post('Waves all day #ocean');
    const two = await post('Tide pools #ocean #rockpool');
    expect(await results('?q=ocean&filter=hashtags')).toEqual([expect.objectContaining({ id: 'ocean', useCount: 2 })]);
    last = (await asAda.delete(`/api/posts/${one}`)).json<{ position: string }>().position;
    expect((await results('?q=ocean')).map((r) => r.id)).not.toContain(one);
    expect(await results('?q=ocean&filter=hashtags')).toEqual([expect.objectContaining({ id: 'ocean', useCount: 1 })]);
    last = (await asAda.delete(`/api/posts/${two}`)).json<{ position: string }>().position;
    expect(await results('?q=ocean&filter=hashtags')).toEqual([]);
    expect(await results('?q=rockpool')).toEqual([]);
    const gone = await visitor.get('/api/hashtags/ocean', { 'x-min-position': last });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'not_found', message: 'Hashtag not found' });
  });

  it('videos appear once processed (either event order), never while processing or after failing', async () => {
    const after = await video('Paddling the fjord\nA long kayak day', { category: 'travel' });
    const before = await video('Kayak surfing at dawn', { outcomeFirst: true });
    const processing = await video('Kayak still processing', { outcome: 'processing' });
    const failed = await video('Kayak that failed', { outcome: 'failed' });
    const found = await results('?q=kayak&filter=videos');
    expect(found.map((r) => r.id).sort()).toEqual([after, before].sort());
    expect(found.find((r) => r.id === after)).toMatchObject({
      type: 'video',
      title: 'Paddling the fjord',
      content: 'Paddling the fjord\nA long kayak day',
      thumbnailUrl: expect.stringMatching(/poster\.jpg$/),
    });
    expect((await results('?q=kayak')).map((r) => r.id)).not.toEqual(expect.arrayContaining([processing]));
    expect((await results('?q=kayak')).map((r) => r.id)).not.toEqual(expect.arrayContaining([failed]));
    // The category is searchable too (weight C).
    expect((await results('?q=travel&filter=videos')).map((r) => r.id)).toContain(after);
  });

  it('each filter returns only its type; all leads with hashtags and users, then posts', async () => {
    const canoeist = await h.api.signedInUser(`canoeist_${Date.now().toString(36)}`);
    const textId = await post('Canoeist notes from the lake #canoeist');
    const videoId = await video('Canoeist on the rapids');
    const types = async (filter: string) => new Set((await results(`?q=canoeist&filter=${filter}`)).map((r) => r.type));
    expect(await types('users')).toEqual(new Set(['user']));
    expect(await types('videos')).toEqual(new Set(['video']));
    expect(await types('posts')).toEqual(new Set(['text_post']));
    expect(await types('hashtags')).toEqual(new Set(['hashtag']));
    // The trending flags come from the trending read model: let it catch up so both answers below see the same set.
    await h.readModels.waitFor('trending', parsePosition(last), 2000);
    const all = await results('?q=canoeist');
    expect(all.map((r) => r.type)).toEqual([
      'hashtag',
      'user',
      expect.stringMatching(/video|text_post/),
      expect.stringMatching(/video|text_post/),
    ]);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([canoeist.userId, textId, videoId, 'canoeist']));
    // The path form answers the same as filter=all.
    const byPath = await visitor.get('/api/search/canoeist', { 'x-min-position': last });
    expect(byPath.json()).toEqual(all);
  });

  it('blends relevance with popularity: of two equal matches the liked one ranks first', async () => {
    const plain = await post('Quokka selfie spot');
    const liked = await post('Quokka selfie spot');
    const fan = h.client({ cookie: (await h.api.signedInUser()).cookie });
    for (const client of [fan, asAda]) {
      const r = await client.post(`/api/posts/${liked}/like`, {});
      expect(r.statusCode).toBeLessThan(300);
      last = (r.json() as { position: string }).position;
    }
    const found = await results('?q=quokka');
    expect(found.map((r) => r.id)).toEqual([liked, plain]);
    expect(found[0]!.stats).toMatchObject({ likes: 2, comments: 0, shares: 0 });
  });

  it('pages every list with X-Next-Cursor; the hashtag page lists its posts newest first, paged', async () => {
    const ids: string[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) ids.push(await post(`Pangolin fact ${i} #pangolin`));
    const first = await search('?q=pangolin&filter=posts');
    expect(first.body).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.next).toEqual(expect.any(String));
    const second = await search(`?q=pangolin&filter=posts&cursor=${first.next}`);
    expect(second.body).toHaveLength(3);
    expect(second.next).toBeUndefined();
    expect(new Set([...first.body, ...second.body].map((r) => r.id))).toEqual(new Set(ids));
    // A cursor of another filter, or not a cursor at all, is a 400 naming cursor.
    expect(await search(`?q=pangolin&filter=videos&cursor=${first.next}`)).toMatchObject({
      status: 400,
      body: { field: 'cursor' },
    });
    expect(await search('?q=pangolin&cursor=not!a!cursor')).toMatchObject({ status: 400, body: { field: 'cursor' } });

    expect((await visitor.get('/api/hashtags/%23Pangolin', { 'x-min-position': last })).json()).toEqual({
      name: 'pangolin',
      useCount: SEARCH_PAGE_SIZE + 3,
    });
    // Each read waits for the read model it reads (the hashtag's posts), not the one read before.
    const page1 = await visitor.get('/api/hashtags/pangolin/posts', { 'x-min-position': last });
    const items1 = page1.json() as Array<{ id: string; kind: string }>;
    expect(items1.map((i) => i.id)).toEqual(ids.slice(3).reverse());
    const page2 = await visitor.get(`/api/hashtags/pangolin/posts?cursor=${page1.headers['x-next-cursor'] as string}`, {
      'x-min-position': last,
    });
    expect((page2.json() as Array<{ id: string }>).map((i) => i.id)).toEqual(ids.slice(0, 3).reverse());
    expect(page2.headers['x-next-cursor']).toBeUndefined();
  });

  it('q is trimmed: blank answers [], over 100 characters is a 400 naming q; a bad filter names filter', async () => {
    expect(await search('?q=')).toMatchObject({ status: 200, body: [] });
    expect(await search('?q=%20%20%20&filter=users')).toMatchObject({ status: 200, body: [] });
    expect(await search('')).toMatchObject({ status: 200, body: [] });
    expect(await search(`?q=${'a'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { field: 'q', message: 'q must be at most 100 characters' },
    });
    expect(await search(`?q=%20${'a'.repeat(100)}%20`)).toMatchObject({ status: 200 });
    expect(await search('?q=x&filter=people')).toMatchObject({ status: 400, body: { field: 'filter' } });
    // The path form checks the same limit, counted in characters (not URL-encoded bytes).
    const long = await visitor.get(`/api/search/${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'query' });
    expect((await visitor.get(`/api/search/${encodeURIComponent('é'.repeat(100))}`)).statusCode).toBe(200);
    // Operators and punctuation are words or nothing, never a syntax error.
    expect(await search(`?q=${encodeURIComponent('!&|:*()\'"<->')}`)).toMatchObject({ status: 200, body: [] });
    expect(await search(`?q=${encodeURIComponent('%_\\')}&filter=users`)).toMatchObject({ status: 200 });
  });

  it('a replay from 0 rebuilds every table of the search read model equal to the live one', async () => {
    const tables = [
      'search_posts',
      'search_users',
      'hashtags',
      'post_hashtags',
      'unpublished_videos',
      'video_outcomes',
    ];
    const { differences, rows } = await replayDifferences(h, searchProjection, tables);
    expect(rows.search_posts).toBeGreaterThan(20);
    expect(rows.unpublished_videos).toBe(2);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
