import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { sampleEvent } from '@myworld/eventstore/testing';
import { postEngagement, postsProjection, type PostsDb } from '@myworld/projections';
import { appendEvent } from '@myworld/projections/testing';
import {
  POST_MESSAGES,
  comparePositions,
  likeStreamName,
  parsePosition,
  postStreamName,
  viewStreamName,
  type Position,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

/**
 * Moderation's decisions on a post's own stream: a post hidden pending review or removed takes no
 * like, comment, share or view (404, nothing recorded), and its comments are its author's alone.
 */
describe('hidden and removed posts take no engagement', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;
  let bob: SignedInUser;

  beforeAll(async () => {
    h = await startHarness({ label: 'hidden_posts', projections: [postsProjection] });
    [ada, bob] = await Promise.all([h.api.signedInUser(`ada_${Date.now()}`), h.api.signedInUser(`bob_${Date.now()}`)]);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: bob.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const newPost = async () => {
    const r = await asAda.post('/api/text-posts', { content: 'Under review soon' });
    expect(r.statusCode).toBe(201);
    return (r.json() as { post: { id: string } }).post.id;
  };
  const now = () => new Date().toISOString();
  const hide = (postId: string) =>
    appendEvent(h.store, postStreamName(postId), 'ContentHidden', {
      contentType: 'text_post',
      contentId: postId,
      reporterCount: 5,
      hiddenAt: now(),
    });
  const restore = (postId: string) =>
    appendEvent(h.store, postStreamName(postId), 'ContentRestored', {
      contentType: 'text_post',
      contentId: postId,
      moderatorId: randomUUID(),
      restoredAt: now(),
    });
  const remove = (postId: string) =>
    appendEvent(h.store, postStreamName(postId), 'ContentRemoved', {
      contentType: 'text_post',
      contentId: postId,
      authorId: ada.userId,
      moderatorId: randomUUID(),
      reportIds: [],
      note: 'Spam',
      removedAt: now(),
    });
  /** A marker on the log: the posts read model has applied everything before it once it has passed it. */
  const mark = async (): Promise<Position> => {
    const { position } = await h.store.append(`test-mark-${randomUUID()}`, expected.noStream, [
      sampleEvent('TestMarked'),
    ]);
    expect(await h.readModels.waitFor('posts', position, 5_000)).toBe(true);
    return position;
  };
  const interaction = (postId: string, interactionType: 'view' | 'like' | 'share') =>
    asBob.post('/api/user-interactions', { contentId: postId, interactionType, timestamp: now() });

  /** Every way of engaging with a post, each of which must be refused with 404 "Post not found". */
  const attempts = (postId: string) =>
    [
      ['like', () => asBob.post(`/api/posts/${postId}/like`)],
      ['unlike', () => asBob.delete(`/api/posts/${postId}/like`)],
      ['comment', () => asBob.post(`/api/posts/${postId}/comments`, { content: 'Still here?' })],
      ['share', () => asBob.post(`/api/posts/${postId}/share`)],
      ['view', () => interaction(postId, 'view')],
      ['like (interaction)', () => interaction(postId, 'like')],
      ['share (interaction)', () => interaction(postId, 'share')],
    ] as const;

  const expectRefusedAndNothingRecorded = async (postId: string) => {
    const before = await mark();
    for (const [what, attempt] of attempts(postId)) {
      const answer = await attempt();
      expect([what, answer.statusCode, answer.json().message]).toEqual([what, 404, POST_MESSAGES.notFound]);
    }
    // Nothing reached the log between the two marks, and the post's own streams of likes and views are empty.
    const after = await mark();
    const between = await h.store.readAll({ after: before, maxCount: 100 });
    expect(between.filter((e) => comparePositions(e.position, after) <= 0).map((e) => e.type)).toEqual(['TestMarked']);
    expect(await h.store.readStream(likeStreamName(postId, bob.userId))).toEqual([]);
    expect(await h.store.readStream(viewStreamName(postId, bob.userId))).toEqual([]);
  };

  it('a post hidden pending review: like, unlike, comment, share and view are 404 and record nothing; restored, it takes them again', async () => {
    const postId = await newPost();
    await hide(postId);
    await expectRefusedAndNothingRecorded(postId);
    // The author cannot engage with it either while it is under review.
    expect((await asAda.post(`/api/posts/${postId}/like`)).statusCode).toBe(404);

    await restore(postId);
    expect((await asBob.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect((await asBob.post(`/api/posts/${postId}/comments`, { content: 'Back again' })).statusCode).toBe(201);
  });

  it('a post removed by a moderator: like, unlike, comment, share and view are 404 and record nothing', async () => {
    const postId = await newPost();
    await remove(postId);
    await expectRefusedAndNothingRecorded(postId);
    await mark();
    expect(await postEngagement(await h.readModels.query<PostsDb>('posts'), postId)).toBeUndefined();
  });

  it("a hidden post's comments are listed to its author only (404 for others and visitors); its writer may still delete their comment", async () => {
    const postId = await newPost();
    const added = await asBob.post(`/api/posts/${postId}/comments`, { content: 'Nice' });
    expect(added.statusCode).toBe(201);
    const commentId = (added.json() as { comment: { id: string } }).comment.id;
    await mark();
    expect((await asBob.get(`/api/posts/${postId}/comments`)).json()).toHaveLength(1);

    const hidden = parsePosition(await hide(postId));
    expect(await h.readModels.waitFor('posts', hidden, 5_000)).toBe(true);
    for (const client of [asBob, h.client()]) {
      const listed = await client.get(`/api/posts/${postId}/comments`);
      expect([listed.statusCode, listed.json().message]).toEqual([404, POST_MESSAGES.notFound]);
    }
    const own = await asAda.get(`/api/posts/${postId}/comments`);
    expect(own.statusCode).toBe(200);
    expect((own.json() as Array<{ id: string }>).map((c) => c.id)).toEqual([commentId]);
    // The post itself answers its author only, as before.
    expect((await asBob.get(`/api/posts/${postId}`)).statusCode).toBe(404);
    expect((await asAda.get(`/api/posts/${postId}`)).statusCode).toBe(200);

    expect((await asBob.delete(`/api/posts/${postId}/comments/${commentId}`)).statusCode).toBe(200);
  });
});
