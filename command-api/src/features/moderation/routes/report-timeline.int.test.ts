import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { postsProjection, reportsProjection, timelinesProjection, usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { NEXT_CURSOR_HEADER, parsePosition, postStreamName, type TimelineEntry } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../../testing/index.ts';
import { moderationSettled, testModerators } from '../moderation.testing.ts';

describe("GET /api/reports/{id}/timeline: a report's full timeline from the timelines read model", () => {
  let h: Harness;
  const moderators = testModerators();
  const suffix = Date.now().toString(36);
  let ann: SignedInUser;
  let mod: SignedInUser;
  let asAnn: TestClient;
  let asMod: TestClient;
  const users: Record<string, SignedInUser> = {};
  const as = (name: string) => h.client({ cookie: users[name]!.cookie });

  beforeAll(async () => {
    h = await startHarness({
      workers: true,
      label: 'report_timeline',
      projections: [timelinesProjection, usersProjection, postsProjection, reportsProjection],
      app: { roles: moderators },
    });
    ann = await h.api.signedInUser(`ann_${suffix}`);
    mod = await h.api.signedInUser(`mod_${suffix}`);
    moderators.add(mod.userId);
    for (const name of ['lee', 'kim', 'rex', 'sue', 'old']) users[name] = await h.api.signedInUser(`${name}_${suffix}`);
    asAnn = h.client({ cookie: ann.cookie });
    asMod = h.client({ cookie: mod.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Waits until `model` has what the answer's position (a command's) says. */
  const caughtUp = async (answer: { json(): unknown }, ...models: string[]) => {
    const position = parsePosition((answer.json() as { position: string }).position);
    // And what moderation's reactor recorded after it (a removal's fan-out).
    await moderationSettled(h, position, models.length ? models : ['timelines', 'reports', 'posts']);
  };
  const textPost = async (content: string): Promise<string> => {
    const made = await asAnn.post('/api/text-posts', { content });
    expect(made.statusCode).toBe(201);
    await caughtUp(made);
    return made.json().post.id as string;
  };
  const fileReport = async (
    client: TestClient,
    contentId: string,
    reportReason: string,
    description: string,
  ): Promise<string> => {
    const filed = await client.post('/api/reports', { contentType: 'text_post', contentId, reportReason, description });
    expect(filed.statusCode).toBe(201);
    await caughtUp(filed);
    return filed.json().report.id as string;
  };
  const moderate = async (id: string, status: string, moderatorNote?: string) => {
    const answer = await asMod.put(`/api/reports/${id}`, { status, ...(moderatorNote ? { moderatorNote } : {}) });
    expect(answer.statusCode).toBe(200);
    await caughtUp(answer);
  };
  /** Every page of a report's timeline, following X-Next-Cursor. */
  const timeline = async (reportId: string): Promise<TimelineEntry[]> => {
    const entries: TimelineEntry[] = [];
    let url = `/api/reports/${reportId}/timeline`;
    for (;;) {
      const page = await asMod.get(url);
      expect(page.statusCode).toBe(200);
      entries.push(...(page.json() as TimelineEntry[]));
      const next = page.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!next) return entries;
      url = `/api/reports/${reportId}/timeline?cursor=${next}`;
    }
  };
  const step = (e: TimelineEntry) => ({
    source: e.source,
    action: e.action,
    actor: e.actor?.username ?? null,
    note: e.note,
  });

  it('a post liked, reported twice, reviewed and removed: every step, with actors and notes, in order', async () => {
    // The author's history: an earlier post of hers, reported and dismissed.
    const earlier = await textPost('An older post');
    const oldReport = await fileReport(as('old'), earlier, 'misinformation', 'Looks made up');
    await moderate(oldReport, 'dismissed', 'Checked: accurate');

    const postId = await textPost('Click my link for free followers');
    for (const name of ['lee', 'kim']) {
      const liked = await as(name).post(`/api/posts/${postId}/like`, {});
      expect(liked.statusCode).toBe(200);
    }
    const first = await fileReport(as('rex'), postId, 'spam', 'Spam links everywhere');
    const second = await fileReport(as('sue'), postId, 'harassment', '');
    await moderate(first, 'reviewing');
    await moderate(first, 'resolved', 'Spam: removed');

    const entries = await timeline(first);
    expect(entries.map(step)).toEqual([
      {
        source: 'author_history',
        action: 'Reported for misinformation',
        actor: `old_${suffix}`,
        note: 'Looks made up',
      },
      { source: 'author_history', action: 'Dismissed', actor: `mod_${suffix}`, note: 'Checked: accurate' },
      { source: 'content', action: 'Text post created', actor: `ann_${suffix}`, note: null },
      { source: 'content', action: '2 likes', actor: null, note: null },
      { source: 'report', action: 'Reported for spam', actor: `rex_${suffix}`, note: 'Spam links everywhere' },
      { source: 'other_report', action: 'Reported for harassment', actor: `sue_${suffix}`, note: '' },
      { source: 'report', action: 'Review started', actor: `mod_${suffix}`, note: null },
      { source: 'report', action: 'Resolved: content removed', actor: `mod_${suffix}`, note: 'Spam: removed' },
      // Remove Content resolves the other open report with the same note, then removes the post.
      { source: 'other_report', action: 'Resolved: content removed', actor: `mod_${suffix}`, note: 'Spam: removed' },
      { source: 'content', action: 'Content removed', actor: `mod_${suffix}`, note: 'Spam: removed' },
    ]);
    // Times never go back; each entry names what it is about.
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort());
    expect(entries.filter((e) => e.source === 'report').every((e) => e.reportId === first)).toBe(true);
    expect(entries.filter((e) => e.source === 'other_report').every((e) => e.reportId === second)).toBe(true);
    expect(
      entries
        .filter((e) => e.source !== 'author_history')
        .every((e) => e.content?.kind === 'post' && e.content.id === postId),
    ).toBe(true);
    expect(
      entries
        .filter((e) => e.source === 'author_history')
        .every((e) => e.content?.id === earlier && e.reportId === oldReport),
    ).toBe(true);
    expect(entries[3]!.engagement).toMatchObject({ counts: { likes: 2, views: 0, comments: 0 } });
    // No private payload: the post's text and the users' emails are not in it.
    const body = JSON.stringify(entries);
    expect(body).not.toContain('Click my link');
    expect(body).not.toContain('@example.test');

    // The second report's timeline is the same story told from it.
    expect((await timeline(second)).filter((e) => e.source === 'report').map((e) => e.action)).toEqual([
      'Reported for harassment',
      'Resolved: content removed',
    ]);
  });

  it('pages a long timeline in order, ties in time going by log position', async () => {
    // A new author, so that the author's history (the first test's) stays out of it.
    const author = await h.api.signedInUser(`zed_${suffix}`);
    const postId = randomUUID();
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const at = (minutes: number) => new Date(hour.getTime() + minutes * 60_000).toISOString();
    const data = { contentType: 'text_post' as const, contentId: postId };
    // 30 hide/restore pairs appended in one go (one millisecond, many events).
    await h.store.append(postStreamName(postId), expected.noStream, [
      {
        id: randomUUID(),
        type: 'TextPostCreated',
        data: {
          postId,
          authorId: author.userId,
          content: 'x',
          backgroundColor: '#ffffff',
          textColor: '#000000',
          fontStyle: 'normal',
          imageUrl: null,
          imageMediaId: null,
          createdAt: at(0),
        },
        metadata: testMetadata(),
      },
      ...Array.from({ length: 30 }, (_, i) => [
        {
          id: randomUUID(),
          type: 'ContentHidden',
          data: { ...data, reporterCount: i + 2, hiddenAt: at(1) },
          metadata: testMetadata(),
        },
        {
          id: randomUUID(),
          type: 'ContentRestored',
          data: { ...data, moderatorId: mod.userId, restoredAt: at(1) },
          metadata: testMetadata(),
        },
      ]).flat(),
    ]);
    const reportId = await fileReport(as('rex'), postId, 'violence', 'Graphic');

    const entries = await timeline(reportId);
    expect(entries).toHaveLength(1 + 60 + 1);
    expect(entries[0]!.action).toBe('Text post created');
    expect(entries.slice(1, 61).map((e) => e.action)).toEqual(
      Array.from({ length: 30 }, (_, i) => [`Hidden pending review (${i + 2} reporters)`, 'Content restored']).flat(),
    );
    expect(entries[61]).toMatchObject({ source: 'report', action: 'Reported for violence', note: 'Graphic', reportId });
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('refuses an unknown report (404), a malformed id and a bad cursor (400 naming them); moderators only (403)', async () => {
    const unknown = await asMod.get(`/api/reports/${randomUUID()}/timeline`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', field: 'id', message: 'Report not found' });
    expect((await asMod.get('/api/reports/nope/timeline')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'id',
    });
    const someReport = (await asMod.get('/api/reports?status=pending')).json()[0]?.id ?? randomUUID();
    expect((await asMod.get(`/api/reports/${someReport}/timeline?cursor=nope!`)).json()).toMatchObject({
      field: 'cursor',
    });
    expect((await asAnn.get(`/api/reports/${someReport}/timeline`)).statusCode).toBe(403);
    expect((await h.client().get(`/api/reports/${someReport}/timeline`)).statusCode).toBe(401);
  });

  it('a replay from 0 rebuilds the timelines read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, timelinesProjection, [
      'timeline_entries',
      'stream_summaries',
      'engagement_hours',
    ]);
    expect(rows.timeline_entries).toBeGreaterThan(80);
    expect(rows.engagement_hours).toBeGreaterThan(0);
    expect(differences).toEqual({ timeline_entries: 0, stream_summaries: 0, engagement_hours: 0 });
  });
});
