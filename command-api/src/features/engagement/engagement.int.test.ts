import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { likesPost, postEngagement, postsProjection, type PostsDb } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  NEXT_CURSOR_HEADER,
  START,
  formatPosition,
  likeStreamName,
  viewStreamName,
  type Comment,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('engagement over HTTP: likes, comments, shares and views, with the posts read model', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;
  let bob: SignedInUser;

  beforeAll(async () => {
    h = await startHarness({ label: 'engagement', projections: [postsProjection] });
    [ada, bob] = await Promise.all([h.api.signedInUser(`ada_${Date.now()}`), h.api.signedInUser(`bob_${Date.now()}`)]);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: bob.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (label: string) => {
    const user = await h.api.signedInUser(`${label}_${randomUUID().slice(0, 8)}`);
    return { user, client: h.client({ cookie: user.cookie }) };
  };
  const newPost = async (client: TestClient, content = 'Hello') => {
    const r = await client.post('/api/text-posts', { content });
    expect(r.statusCode).toBe(201);
    return (r.json() as { post: { id: string } }).post.id;
  };
  const caughtUp = async (client: TestClient) =>
    expect(await h.readModels.waitFor('posts', client.lastPosition!, 5_000)).toBe(true);
  const readModel = () => h.readModels.query<PostsDb>('posts');
  const countsOf = async (postId: string) => postEngagement(await readModel(), postId);
  const view = (client: TestClient, contentId: string, headers?: Record<string, string>) =>
    client.post(
      '/api/user-interactions',
      { contentId, interactionType: 'view', timestamp: new Date().toISOString() },
      headers,
    );

  it('50 users liking one post at once: every answer liked, 50 PostLiked, likeCount 50 in the read model', async () => {
    const postId = await newPost(asAda);
    const fans = await Promise.all(Array.from({ length: 50 }, (_, i) => signedIn(`fan${i}`)));
    const started = Date.now();
    const answers = await Promise.all(fans.map(({ client }) => client.post(`/api/posts/${postId}/like`)));
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const bodies = answers.map((a) => a.json() as { liked: boolean; likeCount: number; position: string });
    expect(
      bodies.every((b) => b.liked && typeof b.position === 'string' && b.likeCount >= 1 && b.likeCount <= 50),
    ).toBe(true);
    for (const { client } of fans) await caughtUp(client);
    expect(await countsOf(postId)).toMatchObject({ likeCount: 50 });
    // No answer waits for the read model: each is its count so far with the caller's own like in it.
    const late = await signedIn('late_fan');
    expect((await late.client.post(`/api/posts/${postId}/like`)).json()).toMatchObject({ liked: true, likeCount: 51 });
    expect(await likesPost(await readModel(), fans[7]!.user.userId, postId)).toBe(true);
    console.info(`50 concurrent likes by 50 users answered in ${elapsed} ms`);
  });

  it('one user liking one post 50 times at once: one PostLiked and likeCount 1 in every answer', async () => {
    const postId = await newPost(asAda);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => asBob.post(`/api/posts/${postId}/like`)));
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.every((a) => a.json().liked === true && a.json().likeCount === 1)).toBe(true);
    expect(answers.filter((a) => a.json().position !== null)).toHaveLength(1);
    const events = await h.store.readStream(likeStreamName(postId, bob.userId));
    expect(events.map((e) => e.type)).toEqual(['PostLiked']);
    await caughtUp(asBob);
    expect(await countsOf(postId)).toMatchObject({ likeCount: 1 });
    console.info(`50 concurrent likes by one user answered in ${elapsed} ms`);
  });

  it('unlike takes the like back; unliking again records nothing; liking again counts again', async () => {
    const postId = await newPost(asAda);
    expect((await asBob.post(`/api/posts/${postId}/like`)).json()).toMatchObject({ liked: true, likeCount: 1 });
    const unliked = await asBob.delete(`/api/posts/${postId}/like`);
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json()).toMatchObject({ liked: false, likeCount: 0, position: expect.any(String) });
    expect((await asBob.delete(`/api/posts/${postId}/like`)).json()).toEqual({
      liked: false,
      likeCount: 0,
      position: null,
    });
    expect((await asBob.post(`/api/posts/${postId}/like`)).json()).toMatchObject({ liked: true, likeCount: 1 });
    expect((await h.store.readStream(likeStreamName(postId, bob.userId))).map((e) => e.type)).toEqual([
      'PostLiked',
      'PostUnliked',
      'PostLiked',
    ]);
  });

  it('an unknown post is 404 "Post not found"; a malformed id is 400 naming id', async () => {
    const unknown = await asBob.post(`/api/posts/${randomUUID()}/like`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', field: 'id', message: 'Post not found' });
    expect((await asBob.post('/api/posts/not-a-uuid/like')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'id',
    });
  });

  it('comments: 25 come back newest first in pages of 20 and 5, the cursor pages on, a bad cursor is 400 naming cursor', async () => {
    const postId = await newPost(asAda);
    const { user: carol, client: asCarol } = await signedIn('carol');
    for (let i = 1; i <= 25; i++) {
      const r = await asCarol.post(`/api/posts/${postId}/comments`, { content: `  comment ${i}  ` });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({
        comment: {
          postId,
          authorId: carol.userId,
          content: `comment ${i}`,
          user: { id: carol.userId, username: carol.username },
        },
        commentCount: i,
      });
      // The answer counts this comment in; the earlier ones once the read model has them.
      await caughtUp(asCarol);
    }
    // Anyone may read them, signed in or not.
    const visitor = h.client();
    const first = await visitor.get(`/api/posts/${postId}/comments`, {
      'x-min-position': formatPosition(asCarol.lastPosition!),
    });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json() as Comment[];
    expect(firstPage.map((c) => c.content)).toEqual(Array.from({ length: 20 }, (_, i) => `comment ${25 - i}`));
    expect(firstPage[0]).toEqual({
      id: expect.any(String),
      postId,
      authorId: carol.userId,
      content: 'comment 25',
      createdAt: expect.any(String),
      user: { id: carol.userId, username: carol.username, firstName: 'Test', profileImageUrl: null },
    });
    const cursor = first.headers[NEXT_CURSOR_HEADER];
    expect(cursor).toEqual(expect.any(String));

    const second = await visitor.get(`/api/posts/${postId}/comments?cursor=${encodeURIComponent(String(cursor))}`);
    expect((second.json() as Comment[]).map((c) => c.content)).toEqual([
      'comment 5',
      'comment 4',
      'comment 3',
      'comment 2',
      'comment 1',
    ]);
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();

    const bad = await visitor.get(`/api/posts/${postId}/comments?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed', field: 'cursor' });
    expect((await visitor.get(`/api/posts/${randomUUID()}/comments`)).json()).toEqual({
      error: 'not_found',
      field: 'id',
      message: 'Post not found',
    });
  });

  it('a comment is 1-500 characters (400 naming content) and needs an existing post', async () => {
    const postId = await newPost(asAda);
    const long = await asBob.post(`/api/posts/${postId}/comments`, { content: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: 'validation_failed',
      field: 'content',
      message: 'A comment is at most 500 characters',
    });
    expect((await asBob.post(`/api/posts/${postId}/comments`, { content: '   ' })).json()).toEqual({
      error: 'validation_failed',
      field: 'content',
      message: 'Write a comment first',
    });
    expect((await asBob.post(`/api/posts/${postId}/comments`, {})).json()).toMatchObject({ field: 'content' });
    expect((await asBob.post(`/api/posts/${postId}/comments`, { content: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await asBob.post(`/api/posts/${randomUUID()}/comments`, { content: 'hi' })).json()).toEqual({
      error: 'not_found',
      field: 'id',
      message: 'Post not found',
    });
  });

  it('its writer deletes a comment (the count follows); anyone else gets 403; an unknown comment is 404', async () => {
    const postId = await newPost(asAda);
    const mine = (await asBob.post(`/api/posts/${postId}/comments`, { content: 'mine' })).json() as {
      comment: Comment;
      commentCount: number;
    };
    await caughtUp(asBob);
    const adas = (await asAda.post(`/api/posts/${postId}/comments`, { content: "the author's" })).json() as {
      comment: Comment;
      commentCount: number;
    };
    expect(adas.commentCount).toBe(2);

    // Not even the post's author deletes someone else's comment.
    const refused = await asAda.delete(`/api/posts/${postId}/comments/${mine.comment.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only its author can delete this comment' });

    const deleted = await asBob.delete(`/api/posts/${postId}/comments/${mine.comment.id}`);
    expect(deleted.json()).toMatchObject({ deleted: true, position: expect.any(String) });
    expect((await asBob.delete(`/api/posts/${postId}/comments/${mine.comment.id}`)).json()).toEqual({
      error: 'not_found',
      field: 'commentId',
      message: 'Comment not found',
    });
    expect((await asBob.delete(`/api/posts/${postId}/comments/${randomUUID()}`)).statusCode).toBe(404);
    // A comment named under another post is not found there.
    const otherPost = await newPost(asAda);
    expect((await asAda.delete(`/api/posts/${otherPost}/comments/${adas.comment.id}`)).statusCode).toBe(404);

    const listed = (await asBob.get(`/api/posts/${postId}/comments`)).json() as Comment[];
    expect(listed.map((c) => c.id)).toEqual([adas.comment.id]);
    expect(await countsOf(postId)).toMatchObject({ commentCount: 1 });
  });

  it('a retry with the same Idempotency-Key adds the comment once; the same key with another text is 422', async () => {
    const postId = await newPost(asAda);
    const key = `comment-${randomUUID()}`;
    const first = await asBob.post(
      `/api/posts/${postId}/comments`,
      { content: 'only once' },
      { 'idempotency-key': key },
    );
    const again = await asBob.post(
      `/api/posts/${postId}/comments`,
      { content: 'only once' },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().comment).toEqual(first.json().comment);
    expect(again.json()).toMatchObject({ commentCount: 1, position: first.json().position });
    expect(
      (await asBob.post(`/api/posts/${postId}/comments`, { content: 'something else' }, { 'idempotency-key': key }))
        .statusCode,
    ).toBe(422);
    expect(await countsOf(postId)).toMatchObject({ commentCount: 1 });
  });

  it('comments are limited to 30 a minute per user (429 with Retry-After)', async () => {
    const postId = await newPost(asAda);
    const { client: chatty } = await signedIn('chatty');
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, i) => chatty.post(`/api/posts/${postId}/comments`, { content: `#${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(30);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ error: 'rate_limited', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else still comments.
    expect((await asBob.post(`/api/posts/${postId}/comments`, { content: 'me too' })).statusCode).toBe(201);
  });

  it('a repeated share of one post by one user counts once: in the answers, the log and the read model', async () => {
    const postId = await newPost(asAda);
    const sharesInLog = async () =>
      (await h.store.readAll({ after: START, maxCount: 1_000_000 })).filter(
        (e) => e.type === 'PostShared' && (e.data as { postId: string }).postId === postId,
      );
    expect((await asBob.post(`/api/posts/${postId}/share`)).json()).toMatchObject({
      shareCount: 1,
      link: `/post/${postId}`,
      position: expect.any(String),
    });
    // Again, again with an Idempotency-Key (and its retry), through the interactions route, and 10 at once: nothing new.
    expect((await asBob.post(`/api/posts/${postId}/share`)).json()).toMatchObject({ shareCount: 1, position: null });
    const key = `share-${randomUUID()}`;
    const keyed = (await asBob.post(`/api/posts/${postId}/share`, undefined, { 'idempotency-key': key })).json();
    expect(keyed).toMatchObject({ shareCount: 1 });
    expect((await asBob.post(`/api/posts/${postId}/share`, undefined, { 'idempotency-key': key })).json()).toEqual(
      keyed,
    );
    expect(
      (await asBob.post('/api/user-interactions', { contentId: postId, interactionType: 'share' })).json(),
    ).toEqual({ counted: false, position: null });
    const burst = await Promise.all(Array.from({ length: 10 }, () => asBob.post(`/api/posts/${postId}/share`)));
    expect(burst.map((a) => [a.statusCode, a.json().shareCount])).toEqual(Array(10).fill([200, 1]));
    // Another user's share counts (Bob's is in the read model by then); the same key on another post is that post's share.
    await caughtUp(asBob);
    expect((await asAda.post(`/api/posts/${postId}/share`)).json()).toMatchObject({ shareCount: 2 });
    const otherPost = await newPost(asAda);
    expect(
      (await asBob.post(`/api/posts/${otherPost}/share`, undefined, { 'idempotency-key': key })).json(),
    ).toMatchObject({ shareCount: 1 });
    await caughtUp(asBob);
    await caughtUp(asAda);
    expect(await countsOf(postId)).toMatchObject({ shareCount: 2 });
    expect((await sharesInLog()).map((e) => (e.data as { userId: string }).userId).sort()).toEqual(
      [ada.userId, bob.userId].sort(),
    );
    expect((await asBob.post(`/api/posts/${randomUUID()}/share`)).statusCode).toBe(404);
  });

  it('interactions: a view counts once per viewer per hour by the server clock; like and share as their routes do', async () => {
    const postId = await newPost(asAda);
    const first = await view(asBob, postId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ counted: true, position: expect.any(String) });
    expect((await view(asBob, postId)).json()).toEqual({ counted: false, position: null });
    // The client's timestamp is not trusted: an hour later by its clock is still now.
    expect(
      (
        await asBob.post('/api/user-interactions', {
          contentId: postId,
          interactionType: 'view',
          timestamp: new Date(Date.now() + 7_200_000).toISOString(),
        })
      ).json(),
    ).toMatchObject({ counted: false });
    expect((await view(asAda, postId)).json()).toMatchObject({ counted: true });

    // A viewer whose last counted view was 61 minutes ago counts again; 59 minutes ago, not.
    for (const [minutesAgo, counted] of [
      [61, true],
      [59, false],
    ] as const) {
      const { user, client } = await signedIn(`viewer${minutesAgo}`);
      await h.store.append(viewStreamName(postId, user.userId), expected.noStream, [
        {
          id: randomUUID(),
          type: 'PostViewed',
          data: {
            postId,
            viewerId: user.userId,
            authorId: ada.userId,
            viewedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
          },
          metadata: testMetadata(),
        },
      ]);
      expect((await view(client, postId)).json(), `${minutesAgo} minutes ago`).toMatchObject({ counted });
    }

    const like = (client: TestClient) =>
      client.post('/api/user-interactions', { contentId: postId, interactionType: 'like' });
    expect((await like(asBob)).json()).toMatchObject({ counted: true });
    expect((await like(asBob)).json()).toMatchObject({ counted: false });
    expect(
      (await asBob.post('/api/user-interactions', { contentId: postId, interactionType: 'share' })).json(),
    ).toMatchObject({ counted: true });
    const unknown = await asBob.post('/api/user-interactions', { contentId: randomUUID(), interactionType: 'view' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', field: 'contentId', message: 'Post not found' });
    expect(
      (await asBob.post('/api/user-interactions', { contentId: postId, interactionType: 'poke' })).json(),
    ).toMatchObject({ field: 'interactionType' });

    await caughtUp(asBob);
    // Bob, Ada, the 61-minutes viewer twice (its old view and the new one); the 59-minutes viewer once.
    expect(await countsOf(postId)).toMatchObject({ viewCount: 5, likeCount: 1, shareCount: 1 });
  });

  it("an author who hides engagement: others' like answers leave likeCount out, the author's keep it", async () => {
    const { client: asShy } = await signedIn('shy');
    const postId = await newPost(asShy);
    const privacy = await asShy.patch('/api/users/privacy', { hideEngagement: true });
    expect(privacy.statusCode).toBe(200);
    await caughtUp(asShy);

    const others = await asBob.post(`/api/posts/${postId}/like`);
    expect(others.json()).toEqual({ liked: true, position: expect.any(String) });
    expect(others.json()).not.toHaveProperty('likeCount');
    await caughtUp(asBob);
    expect((await asShy.post(`/api/posts/${postId}/like`)).json()).toMatchObject({ liked: true, likeCount: 2 });
    expect((await asBob.delete(`/api/posts/${postId}/like`)).json()).not.toHaveProperty('likeCount');
  });

  it('a deleted post: its comments are 404, and likes, comments, shares and views are refused 404', async () => {
    const postId = await newPost(asAda);
    const comment = (await asBob.post(`/api/posts/${postId}/comments`, { content: 'before' })).json() as {
      comment: Comment;
    };
    expect((await asBob.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    const deleted = await asAda.delete(`/api/posts/${postId}`);
    expect(deleted.statusCode).toBe(200);

    // Read once the read model has the deletion (as the web client does with X-Min-Position).
    const comments = await h
      .client()
      .get(`/api/posts/${postId}/comments`, { 'x-min-position': deleted.json().position });
    expect(comments.statusCode).toBe(404);
    expect(comments.headers['x-read-model-stale']).toBeUndefined();
    for (const refused of [
      await asBob.post(`/api/posts/${postId}/like`),
      await asBob.delete(`/api/posts/${postId}/like`),
      await asBob.post(`/api/posts/${postId}/comments`, { content: 'after' }),
      await asBob.delete(`/api/posts/${postId}/comments/${comment.comment.id}`),
      await asBob.post(`/api/posts/${postId}/share`),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'not_found', field: 'id', message: 'Post not found' });
    }
    expect((await view(asBob, postId)).json()).toMatchObject({ field: 'contentId', message: 'Post not found' });
  });

  it('a replay from 0 rebuilds the posts read model (with its engagement tables) equal to the live one', async () => {
    const tables = ['posts', 'post_likes', 'post_comments', 'viewer_seen', 'author_affinity'];
    const { differences, rows } = await replayDifferences(h, postsProjection, tables);
    expect(rows.post_likes).toBeGreaterThan(50);
    expect(rows.post_comments).toBeGreaterThan(25);
    expect(rows.viewer_seen).toBeGreaterThan(2);
    expect(rows.author_affinity).toBeGreaterThan(50);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
