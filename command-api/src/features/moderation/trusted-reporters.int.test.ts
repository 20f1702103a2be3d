import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsProjection, postsProjection, reportsProjection, usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { ACCOUNTS_STREAMS, type Report } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { furthestPosition, reporterAged, testModerators, moderationSettled } from './moderation.testing.ts';

const PROJECTIONS = [reportsProjection, usersProjection, followsProjection, postsProjection];

describe('auto-hide weighs reporters by trust (verified email, account age, no recent dismissals)', () => {
  let h: Harness;
  const moderators = testModerators();
  let asMod: TestClient;
  const suffix = Date.now().toString(36);
  let n = 0;

  beforeAll(async () => {
    // The defaults rule: threshold 5, accounts trusted from 7 days, dismissals within 30 days count.
    // Auto-hide runs in moderation's reactor in the workers, once the read models it weighs reporters from hold each report.
    h = await startHarness({
      workers: true,
      label: 'trusted_reporters',
      projections: PROJECTIONS,
      app: { roles: moderators },
    });
    const mod = await h.api.signedInUser(`mod_${suffix}`);
    moderators.add(mod.userId);
    asMod = h.client({ cookie: mod.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const { record, at: furthest } = furthestPosition();
  const settled = () =>
    moderationSettled(
      h,
      furthest(),
      PROJECTIONS.map((p) => p.name),
    );
  const reporter = async (options?: { ageDays?: number; verified?: boolean }): Promise<TestClient> =>
    h.client({ cookie: (await reporterAged(h.api.services, `rep${n++}_${suffix}`, options)).cookie });
  const trusted = async (count: number) => Promise.all(Array.from({ length: count }, () => reporter({ ageDays: 30 })));
  const reportUser = async (client: TestClient, userId: string): Promise<string> => {
    const filed = record(
      await client.post('/api/reports', {
        contentType: 'user',
        contentId: userId,
        reportReason: 'harassment',
        description: '',
      }),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    return filed.json().report.id as string;
  };
  // What the user's own stream holds once moderation's reactor has handled every report so far.
  const userStream = async (userId: string) => {
    await settled();
    return (await h.store.readStream(ACCOUNTS_STREAMS.user(userId))).map((e) => e.type);
  };
  const profileStatus = async (userId: string) => {
    await settled();
    return (await h.client().get(`/api/users/${userId}/profile`)).statusCode;
  };
  const queued = async (ids: readonly string[]): Promise<Report[]> => {
    await settled();
    const found: Report[] = [];
    for (let url = '/api/reports'; ;) {
      const page = await asMod.get(url);
      found.push(...(page.json() as Report[]).filter((r) => ids.includes(r.id)));
      const next = page.headers['x-next-cursor'] as string | undefined;
      if (!next) return found;
      url = `/api/reports?cursor=${next}`;
    }
  };
  const target = async (): Promise<SignedInUser> => h.api.signedInUser(`target${n++}_${suffix}`);

  it('five new accounts (verified but a day old, or old but unverified, or brand new) cannot hide a profile; their reports still reach the queue', async () => {
    const victim = await target();
    const untrusted = [
      await reporter({ ageDays: 1 }),
      await reporter({ ageDays: 6 }),
      await reporter({ ageDays: 60, verified: false }),
      await reporter({ ageDays: 0 }),
      h.client({ cookie: (await h.api.signedInUser(`fresh_${suffix}`)).cookie }),
    ];
    const ids: string[] = [];
    for (const client of untrusted) ids.push(await reportUser(client, victim.userId));
    expect(await userStream(victim.userId)).toEqual(['UserRegistered']);
    expect(await profileStatus(victim.userId)).toBe(200);
    const listed = await queued(ids);
    expect(listed).toHaveLength(5);
    expect(listed.every((r) => r.status === 'pending' && r.content.visibility === 'visible')).toBe(true);
  });

  it('five trusted accounts hide a profile (the 5th report hides it)', async () => {
    const victim = await target();
    const clients = await trusted(5);
    for (const client of clients.slice(0, 4)) await reportUser(client, victim.userId);
    expect(await userStream(victim.userId)).toEqual(['UserRegistered']);
    await reportUser(clients[4]!, victim.userId);
    await settled();
    const events = await h.store.readStream(ACCOUNTS_STREAMS.user(victim.userId));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'ContentHidden']);
    expect(events[1]!.data).toMatchObject({ contentType: 'user', contentId: victim.userId, reporterCount: 5 });
    expect(await profileStatus(victim.userId)).toBe(404);
  });

  it('four trusted and one untrusted reporter, or a user reporting themselves, do not hide it', async () => {
    const victim = await target();
    for (const client of await trusted(4)) await reportUser(client, victim.userId);
    await reportUser(await reporter({ ageDays: 2 }), victim.userId);
    await reportUser(h.client({ cookie: victim.cookie }), victim.userId);
    expect(await userStream(victim.userId)).toEqual(['UserRegistered']);
  });

  it('a restored profile is not hidden again by the same reporters; five new trusted reporters still hide it', async () => {
    const victim = await target();
    const first = await trusted(5);
    const ids: string[] = [];
    for (const client of first) ids.push(await reportUser(client, victim.userId));
    expect(await userStream(victim.userId)).toEqual(['UserRegistered', 'ContentHidden']);
    for (const id of ids)
      expect(record(await asMod.put(`/api/reports/${id}`, { status: 'dismissed' })).statusCode).toBe(200);
    expect(await userStream(victim.userId)).toEqual(['UserRegistered', 'ContentHidden', 'ContentRestored']);
    expect(await profileStatus(victim.userId)).toBe(200);

    // The same five report again (their earlier reports were dismissed, so they may): nothing is hidden.
    const again: string[] = [];
    for (const client of first) again.push(await reportUser(client, victim.userId));
    expect(await userStream(victim.userId)).toEqual(['UserRegistered', 'ContentHidden', 'ContentRestored']);
    expect(await profileStatus(victim.userId)).toBe(200);
    expect((await queued(again)).every((r) => r.status === 'pending')).toBe(true);

    for (const client of await trusted(5)) await reportUser(client, victim.userId);
    expect(await userStream(victim.userId)).toEqual([
      'UserRegistered',
      'ContentHidden',
      'ContentRestored',
      'ContentHidden',
    ]);
  });

  it('a trusted reporter with a report dismissed in the last 30 days no longer counts', async () => {
    const [dismissedOne, ...others] = await trusted(5);
    const elsewhere = await target();
    const dismissedId = await reportUser(dismissedOne!, elsewhere.userId);
    expect(record(await asMod.put(`/api/reports/${dismissedId}`, { status: 'dismissed' })).statusCode).toBe(200);

    const victim = await target();
    for (const client of others) await reportUser(client, victim.userId);
    await reportUser(dismissedOne!, victim.userId);
    expect(await userStream(victim.userId)).toEqual(['UserRegistered']);
  });

  it('a replay from 0 rebuilds the reports and users read models equal to the live ones', async () => {
    await settled();
    const reports = await replayDifferences(h, reportsProjection, [
      'reports',
      'report_user_cards',
      'content_cards',
      'moderation_settings',
    ]);
    expect(reports.differences).toEqual({ reports: 0, report_user_cards: 0, content_cards: 0, moderation_settings: 0 });
    const users = await replayDifferences(h, usersProjection, ['users', 'deleted_usernames']);
    expect(users.differences).toEqual({ users: 0, deleted_usernames: 0 });
  });
});
