import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsProjection } from '@myworld/projections';
import { appendEvent } from '@myworld/projections/testing';
import { parsePosition, reportStreamName, type ReportReason, type ReportStats } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../../testing/index.ts';
import { testModerators } from '../moderation.testing.ts';

describe('GET /api/reports/stats: the moderation queue over time, from a scripted history', () => {
  let h: Harness;
  const moderators = testModerators();
  let asMod: TestClient;
  let asUser: TestClient;
  const hours = (n: number) => n * 3600;

  /** A report filed at `filed` and, when given, moved to `status` at `closed`. */
  const script = async (
    reason: ReportReason,
    filed: string,
    then?: { status: 'reviewing' | 'resolved' | 'dismissed'; at: string },
  ) => {
    const reportId = randomUUID();
    const stream = reportStreamName(reportId);
    let position = await appendEvent(h.store, stream, 'ReportFiled', {
      reportId,
      reporterId: randomUUID(),
      contentType: 'text_post',
      contentId: randomUUID(),
      reportReason: reason,
      description: '',
      filedAt: filed,
    });
    if (then?.status === 'reviewing')
      position = await appendEvent(h.store, stream, 'ReportReviewStarted', {
        reportId,
        moderatorId: 'mod',
        startedAt: then.at,
      });
    if (then?.status === 'resolved')
      position = await appendEvent(h.store, stream, 'ReportResolved', {
        reportId,
        moderatorId: 'mod',
        note: 'Removed',
        contentRemoved: true,
        resolvedAt: then.at,
      });
    if (then?.status === 'dismissed')
      position = await appendEvent(h.store, stream, 'ReportDismissed', {
        reportId,
        moderatorId: 'mod',
        note: 'Fine',
        dismissedAt: then.at,
      });
    return position;
  };

  beforeAll(async () => {
    h = await startHarness({ label: 'report_stats', projections: [reportsProjection], app: { roles: moderators } });
    const mod = await h.api.signedInUser();
    moderators.add(mod.userId);
    asMod = h.client({ cookie: mod.cookie });
    asUser = h.client({ cookie: (await h.api.signedInUser()).cookie });
    await script('spam', '2025-03-03T10:00:00Z', { status: 'resolved', at: '2025-03-03T12:00:00Z' }); // 2 h
    await script('spam', '2025-03-04T09:00:00Z', { status: 'dismissed', at: '2025-03-05T09:00:00Z' }); // 24 h
    await script('harassment', '2025-03-04T10:00:00Z', { status: 'reviewing', at: '2025-03-04T11:00:00Z' });
    await script('nudity', '2025-03-10T08:00:00Z');
    await script('violence', '2025-03-10T09:00:00Z', { status: 'resolved', at: '2025-03-10T09:30:00Z' }); // 30 min
    // Filed before the window, closed in it (72 h): counts for resolution time, not as filed.
    await script('other', '2025-02-28T00:00:00Z', { status: 'resolved', at: '2025-03-03T00:00:00Z' });
    // After the window: in neither.
    const last = await script('copyright', '2025-03-12T00:00:00Z', { status: 'dismissed', at: '2025-03-12T01:00:00Z' });
    expect(await h.readModels.waitFor('reports', parsePosition(last), 10_000)).toBe(true);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const stats = async (query: string): Promise<ReportStats> => {
    const answer = await asMod.get(`/api/reports/stats?${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const reasons = (counts: Partial<Record<ReportReason, number>>) => ({
    spam: 0,
    harassment: 0,
    hate_speech: 0,
    violence: 0,
    nudity: 0,
    misinformation: 0,
    copyright: 0,
    other: 0,
    ...counts,
  });
  const statuses = (counts: Partial<Record<'pending' | 'reviewing' | 'resolved' | 'dismissed', number>>) => ({
    pending: 0,
    reviewing: 0,
    resolved: 0,
    dismissed: 0,
    ...counts,
  });

  it('per day: filed by reason and by current status, and the median time to resolution of the reports closed that day', async () => {
    const answer = await stats('from=2025-03-03T00:00:00Z&to=2025-03-12T00:00:00Z&bucket=day');
    expect(answer).toMatchObject({ from: '2025-03-03T00:00:00.000Z', to: '2025-03-12T00:00:00.000Z', bucket: 'day' });
    expect(answer.buckets.map((b) => b.start)).toEqual(
      Array.from({ length: 9 }, (_, i) => `2025-03-${String(3 + i).padStart(2, '0')}T00:00:00.000Z`),
    );
    const day = (n: number) => answer.buckets.find((b) => b.start.startsWith(`2025-03-${String(n).padStart(2, '0')}`))!;
    expect(day(3)).toEqual({
      start: '2025-03-03T00:00:00.000Z',
      filed: 1,
      byReason: reasons({ spam: 1 }),
      byStatus: statuses({ resolved: 1 }),
      closed: 2,
      medianResolutionSeconds: (hours(2) + hours(72)) / 2,
    });
    expect(day(4)).toMatchObject({
      filed: 2,
      byReason: reasons({ spam: 1, harassment: 1 }),
      byStatus: statuses({ dismissed: 1, reviewing: 1 }),
      closed: 0,
      medianResolutionSeconds: null,
    });
    expect(day(5)).toMatchObject({ filed: 0, closed: 1, medianResolutionSeconds: hours(24) });
    expect(day(10)).toMatchObject({
      filed: 2,
      byReason: reasons({ nudity: 1, violence: 1 }),
      byStatus: statuses({ pending: 1, resolved: 1 }),
      closed: 1,
      medianResolutionSeconds: hours(0.5),
    });
    expect(day(7)).toMatchObject({ filed: 0, closed: 0, medianResolutionSeconds: null });
    // Overall: 5 filed in the window; 4 closed in it, taking 0.5, 2, 24 and 72 hours.
    expect(answer.overall).toEqual({
      filed: 5,
      byReason: reasons({ spam: 2, harassment: 1, nudity: 1, violence: 1 }),
      byStatus: statuses({ pending: 1, reviewing: 1, resolved: 2, dismissed: 1 }),
      closed: 4,
      medianResolutionSeconds: (hours(2) + hours(24)) / 2,
    });
  });

  it('per week (Monday, UTC)', async () => {
    const answer = await stats('from=2025-03-05T00:00:00Z&to=2025-03-12T00:00:00Z&bucket=week');
    expect(answer.buckets.map((b) => [b.start, b.filed, b.closed, b.medianResolutionSeconds])).toEqual([
      // Only what falls in the window counts, in the week it falls in.
      ['2025-03-03T00:00:00.000Z', 0, 1, hours(24)],
      ['2025-03-10T00:00:00.000Z', 2, 1, hours(0.5)],
    ]);
    const whole = await stats('from=2025-03-03T00:00:00Z&to=2025-03-12T00:00:00Z&bucket=week');
    expect(whole.buckets.map((b) => [b.start, b.filed, b.closed, b.medianResolutionSeconds])).toEqual([
      ['2025-03-03T00:00:00.000Z', 3, 3, hours(24)],
      ['2025-03-10T00:00:00.000Z', 2, 1, hours(0.5)],
    ]);
  });

  it('defaults to the last 30 days by day', async () => {
    const answer = await stats('');
    expect(answer.bucket).toBe('day');
    expect(new Date(answer.to).getTime() - new Date(answer.from).getTime()).toBe(30 * 86_400_000);
    expect(answer.buckets.length).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ['bucket', 'bucket=month'],
    ['from', 'from=yesterday'],
    ['to', 'to=2025-13-01'],
    ['from', 'from=2025-03-05T00:00:00Z&to=2025-03-05T00:00:00Z'],
    ['from', 'from=2024-01-01T00:00:00Z&to=2025-03-05T00:00:00Z'],
  ])('refuses a bad %s (400 naming it): %s', async (field, query) => {
    const answer = await asMod.get(`/api/reports/stats?${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'validation_failed', field });
  });

  it('is for moderators only (403 for a user, 401 for a visitor)', async () => {
    expect((await asUser.get('/api/reports/stats')).statusCode).toBe(403);
    expect((await h.client().get('/api/reports/stats')).statusCode).toBe(401);
  });
});
