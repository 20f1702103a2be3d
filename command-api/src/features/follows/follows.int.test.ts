import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followCounts, followeesOf, followsProjection, isFollowing, type FollowsDb } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { followStreamName } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('follows over HTTP, with the follows read model', () => {
  let h: Harness;
  let ada: SignedInUser;
  let bob: SignedInUser;
  let asAda: TestClient;

  beforeAll(async () => {
    h = await startHarness({ label: 'follows', projections: [followsProjection] });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    bob = await h.api.signedInUser(`bob_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const readModel = async () => h.readModels.query<FollowsDb>('follows');
  const caughtUp = async (client: TestClient) =>
    expect(await h.readModels.waitFor('follows', client.lastPosition!, 5_000)).toBe(true);

  it('follow, follow again (nothing new), unfollow; the counts follow', async () => {
    const first = await asAda.post(`/api/users/${bob.userId}/follow`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ following: true, position: expect.any(String) });
    expect((await asAda.post(`/api/users/${bob.userId}/follow`)).json()).toEqual({ following: true, position: null });
    await caughtUp(asAda);
    expect(await followCounts(await readModel(), bob.userId)).toEqual({ followers: 1, following: 0 });
    expect(await followCounts(await readModel(), ada.userId)).toEqual({ followers: 0, following: 1 });
    expect(await isFollowing(await readModel(), ada.userId, bob.userId)).toBe(true);
    expect((await followeesOf(await readModel(), ada.userId)).map((f) => f.userId)).toEqual([bob.userId]);

    expect((await asAda.delete(`/api/users/${bob.userId}/follow`)).json()).toMatchObject({
      following: false,
      position: expect.any(String),
    });
    expect((await asAda.delete(`/api/users/${bob.userId}/follow`)).json()).toEqual({
      following: false,
      position: null,
    });
    await caughtUp(asAda);
    expect(await followCounts(await readModel(), bob.userId)).toEqual({ followers: 0, following: 0 });
    expect(await isFollowing(await readModel(), ada.userId, bob.userId)).toBe(false);
  });

  it('refuses following yourself (400 naming id), an unknown user (404) and a malformed id (400)', async () => {
    expect((await asAda.post(`/api/users/${ada.userId}/follow`)).json()).toEqual({
      error: 'cannot_follow_self',
      field: 'id',
      message: 'You cannot follow yourself',
    });
    const unknown = await asAda.post(`/api/users/${randomUUID()}/follow`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found', field: 'id', message: 'User not found' });
    expect((await asAda.post('/api/users/not-a-uuid/follow')).json()).toMatchObject({ field: 'id' });
  });

  it('20 concurrent follows of one user by one follower record one event', async () => {
    const carol = await h.api.signedInUser(`carol_${Date.now()}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => asAda.post(`/api/users/${carol.userId}/follow`)),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.json().following === true)).toBe(true);
    const events = (await h.store.readStream(followStreamName(ada.userId))).filter(
      (e) => e.type === 'UserFollowed' && (e.data as { followeeId: string }).followeeId === carol.userId,
    );
    expect(events).toHaveLength(1);
  });

  it('12 users following one user concurrently give 12 followers', async () => {
    const star = await h.api.signedInUser(`star_${Date.now()}`);
    const fans = await Promise.all(Array.from({ length: 12 }, (_, i) => h.api.signedInUser(`fan${i}_${Date.now()}`)));
    const clients = fans.map((fan) => h.client({ cookie: fan.cookie }));
    await Promise.all(clients.map((c) => c.post(`/api/users/${star.userId}/follow`)));
    for (const c of clients) await caughtUp(c);
    expect((await followCounts(await readModel(), star.userId)).followers).toBe(12);
  });

  it('one Idempotency-Key replays the same follow, and is refused (422) on another user: the path is part of the request', async () => {
    const [x, y] = await Promise.all([h.api.signedInUser(`x_${Date.now()}`), h.api.signedInUser(`y_${Date.now()}`)]);
    const key = `follow-${Date.now()}`;
    expect((await asAda.post(`/api/users/${x.userId}/follow`, undefined, { 'idempotency-key': key })).statusCode).toBe(
      200,
    );
    expect(
      (await asAda.post(`/api/users/${x.userId}/follow`, undefined, { 'idempotency-key': key })).json(),
    ).toMatchObject({ following: true });
    expect((await asAda.post(`/api/users/${y.userId}/follow`, undefined, { 'idempotency-key': key })).statusCode).toBe(
      422,
    );
  });

  it('a replay from 0 rebuilds the follows read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, followsProjection, ['follows', 'follow_counts']);
    expect(rows.follow_counts).toBeGreaterThan(10);
    expect(differences).toEqual({ follows: 0, follow_counts: 0 });
  });
});
