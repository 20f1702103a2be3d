import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import {
  followsProjection,
  liveStreamsProjection,
  postsProjection,
  searchProjection,
  trendingProjection,
  usersProjection,
} from '@myworld/projections';
import {
  ACCOUNTS_STREAMS,
  comparePositions,
  liveStreamStreamName,
  type Position,
  type SearchResult,
} from '@myworld/schemas';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

/** A user or stream auto-hidden pending review: out of every public read, still seen by its owner. */
describe('hidden content is seen by its owner only', () => {
  // A profile reads users, follows and posts; search reads search and trending.
  const projections = [
    usersProjection,
    followsProjection,
    postsProjection,
    searchProjection,
    trendingProjection,
    liveStreamsProjection,
  ];
  let h: Harness;
  let owner: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    h = await startHarness({ label: 'hidden_owner', projections });
    const suffix = Date.now().toString(36);
    owner = await h.api.signedInUser(`hiddenowner_${suffix}`);
    other = await h.api.signedInUser(`someone_${suffix}`);
    for (const user of [owner, other])
      seen((await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId))).at(-1)!.position);
  });
  afterAll(async () => {
    await h?.stop();
  });

  // The furthest position written: every read model is waited for up to it before reading.
  let last: Position | null = null;
  const seen = (position: Position) => {
    if (!last || comparePositions(position, last) > 0) last = position;
  };
  const append = async (stream: string, type: string, data: object) => {
    seen(
      (await h.store.append(stream, expected.any, [{ id: randomUUID(), type, data, metadata: testMetadata() }]))
        .position,
    );
  };
  const settled = async () => {
    const at = last ?? (await h.appendedSoFar());
    for (const p of projections) expect(await h.readModels.waitFor(p.name, at, 10_000), p.name).toBe(true);
  };
  const hide = (contentType: 'user' | 'stream', contentId: string, stream: string) =>
    append(stream, 'ContentHidden', { contentType, contentId, reporterCount: 5, hiddenAt: new Date().toISOString() });
  const as = (user: SignedInUser | null) => h.client(user ? { cookie: user.cookie } : {});

  it('a hidden user sees their own profile; others get 404 and no longer find them in user search', async () => {
    await settled();
    const search = `/api/search?q=${owner.username}&filter=users`;
    expect(((await as(null).get(search)).json() as SearchResult[]).map((r) => r.id)).toContain(owner.userId);

    await hide('user', owner.userId, ACCOUNTS_STREAMS.user(owner.userId));
    await settled();
    expect((await as(owner).get(`/api/users/${owner.userId}/profile`)).statusCode).toBe(200);
    expect((await as(other).get(`/api/users/${owner.userId}/profile`)).statusCode).toBe(404);
    expect((await as(null).get(`/api/users/${owner.username}/profile`)).statusCode).toBe(404);
    expect(((await as(null).get(search)).json() as SearchResult[]).map((r) => r.id)).not.toContain(owner.userId);
  });

  it('a hidden stream answers its owner only', async () => {
    const streamId = randomUUID();
    await append(liveStreamStreamName(streamId), 'LiveStreamStarted', {
      streamId,
      userId: other.userId,
      title: 'Tour',
      description: '',
      category: 'gaming',
      tags: [],
      allowDuets: false,
      startedAt: new Date().toISOString(),
    });
    await hide('stream', streamId, liveStreamStreamName(streamId));
    await settled();
    expect((await as(other).get(`/api/streams/${streamId}`)).statusCode).toBe(200);
    expect((await as(owner).get(`/api/streams/${streamId}`)).statusCode).toBe(404);
    expect((await as(null).get(`/api/streams/${streamId}`)).statusCode).toBe(404);
  });
});
