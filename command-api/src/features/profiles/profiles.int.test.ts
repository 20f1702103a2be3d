import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsProjection, postsProjection, usersProjection } from '@myworld/projections';
import { PNG_1X1, sampleWebM, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('public profiles: by id or username, real counts, video and photo grids', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;
  let last = '';

  beforeAll(async () => {
    h = await startHarness({
      label: 'profiles',
      storage: true,
      workers: true,
      projections: [usersProjection, followsProjection, postsProjection],
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: (await h.api.signedInUser(`bob_${Date.now()}`)).cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const command = async (call: Promise<{ statusCode: number; json: () => unknown }>) => {
    const r = await call;
    expect(r.statusCode).toBeLessThan(300);
    const body = r.json() as { position: string; post?: { id: string } };
    last = body.position;
    return body;
  };
  const read = (client: TestClient, url: string) => client.get(url, { 'x-min-position': last });

  it("answers the Profile by id and by username, with the real follower and following counts and the caller's follow state", async () => {
    await command(asBob.post(`/api/users/${ada.userId}/follow`));
    const byId = await read(asBob, `/api/users/${ada.userId}/profile`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      id: ada.userId,
      username: ada.username,
      followerCount: 1,
      followingCount: 0,
      isFollowing: true,
      isSelf: false,
      backgroundColor: '#ffffff',
      textColor: '#1f2937',
    });
    expect(byId.json()).not.toHaveProperty('email');
    expect((await read(asBob, `/api/users/${ada.username}/profile`)).json()).toMatchObject({ id: ada.userId });
    expect((await read(asAda, `/api/users/${ada.userId}/profile`)).json()).toMatchObject({
      isSelf: true,
      isFollowing: false,
    });
    expect((await read(h.client(), `/api/users/${ada.username}/profile`)).json()).toMatchObject({ isFollowing: false });
  });

  it('"Profile not found" for an unknown id or username', async () => {
    const r = await read(asBob, '/api/users/nobody_here_at_all/profile');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ message: 'Profile not found' });
    expect((await read(asBob, '/api/users/00000000-0000-4000-8000-000000000000/profile')).statusCode).toBe(404);
  });

  it('hideActivity leaves the join date out for others, not for the user', async () => {
    expect((await read(asBob, `/api/users/${ada.userId}/profile`)).json()).toHaveProperty('joinedAt');
    await command(asAda.patch('/api/users/privacy', { hideActivity: true }));
    // The users read model serves the flag: wait for it too.
    await h.readModels.waitFor('users', (await import('@myworld/schemas')).parsePosition(last), 5_000);
    expect((await read(asBob, `/api/users/${ada.userId}/profile`)).json()).not.toHaveProperty('joinedAt');
    expect((await read(asAda, `/api/users/${ada.userId}/profile`)).json()).toHaveProperty('joinedAt');
  });

  it('lists videos newest first (the author also sees one still processing), photos and every post, paged with X-Next-Cursor; post counts follow', async () => {
    const video = (
      await command(
        asAda.post('/api/videos', { videoUrl: await uploadToStore(asAda, await sampleWebM()), description: 'Clip' }),
      )
    ).post!.id;
    const photo = (
      await command(asAda.post('/api/text-posts', { content: 'Look', imageUrl: await uploadToStore(asAda, PNG_1X1) }))
    ).post!.id;
    const ownVideos = (await read(asAda, `/api/users/${ada.userId}/videos`)).json() as Array<{
      id: string;
      status: string;
    }>;
    expect(ownVideos.map((v) => v.id)).toEqual([video]);

    // Once processed, others see it too, with its poster as the thumbnail and a view count.
    for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 300))) {
      const list = (await read(asBob, `/api/users/${ada.userId}/videos`)).json() as Array<Record<string, unknown>>;
      if (list.length === 1) {
        expect(list[0]).toMatchObject({
          id: video,
          status: 'published',
          title: 'Clip',
          thumbnailUrl: expect.stringMatching(/poster\.jpg$/),
          videoUrl: expect.stringMatching(/video\.mp4$/),
          viewCount: 0,
        });
        break;
      }
      if (Date.now() > deadline) throw new Error('the video was not published in 60 s');
    }
    expect((await read(asBob, `/api/users/${ada.userId}/photos`)).json()).toEqual([
      expect.objectContaining({ id: photo, imageUrl: expect.stringMatching(/display\.webp$/), content: 'Look' }),
    ]);
    expect((await read(asBob, `/api/users/${ada.userId}/profile`)).json()).toMatchObject({ postCount: 2 });

    for (let i = 0; i < 30; i++)
      await command(asAda.post('/api/text-posts', { content: `p${i}`, imageUrl: await uploadToStore(asAda, PNG_1X1) }));
    const first = await read(asBob, `/api/users/${ada.userId}/photos`);
    expect((first.json() as unknown[]).length).toBe(30);
    const second = await read(
      asBob,
      `/api/users/${ada.userId}/photos?cursor=${first.headers['x-next-cursor'] as string}`,
    );
    expect((second.json() as Array<{ id: string }>).map((p) => p.id)).toEqual([photo]);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    // Posts: every post the count counts, newest first, text posts with what draws their card.
    const styled = (
      await command(
        asAda.post('/api/text-posts', {
          content: 'Bold words',
          backgroundColor: '#7c3aed',
          textColor: '#ffffff',
          fontStyle: 'bold',
        }),
      )
    ).post!.id;
    const postsFirst = await read(asBob, `/api/users/${ada.userId}/posts`);
    const firstPosts = postsFirst.json() as Array<{ id: string; kind: string }>;
    expect(firstPosts).toHaveLength(30);
    expect(firstPosts[0]).toEqual({
      kind: 'text',
      id: styled,
      content: 'Bold words',
      imageUrl: null,
      backgroundColor: '#7c3aed',
      textColor: '#ffffff',
      fontStyle: 'bold',
      createdAt: expect.any(String),
    });
    const postsSecond = await read(
      asBob,
      `/api/users/${ada.userId}/posts?cursor=${postsFirst.headers['x-next-cursor'] as string}`,
    );
    const secondPosts = postsSecond.json() as Array<{ id: string; kind: string }>;
    expect(secondPosts.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'text', id: photo, imageUrl: expect.stringMatching(/display\.webp$/) }),
      expect.objectContaining({ kind: 'video', id: video, status: 'published', viewCount: 0 }),
    ]);
    expect(postsSecond.headers['x-next-cursor']).toBeUndefined();
    const { postCount } = (await read(asBob, `/api/users/${ada.userId}/profile`)).json() as { postCount: number };
    expect(firstPosts.length + secondPosts.length).toBe(postCount);
  }, 120_000);

  it('a malformed user id or cursor is a 400 naming the field', async () => {
    expect((await read(asBob, '/api/users/not-a-uuid/videos')).json()).toMatchObject({ field: 'id' });
    expect((await read(asBob, `/api/users/${ada.userId}/videos?cursor=%%%`)).json()).toMatchObject({ field: 'cursor' });
  });
});
