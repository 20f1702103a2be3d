import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsProjection, reportsProjection, usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  MODERATION_SETTINGS_STREAM,
  REPORT_REASONS,
  comparePositions,
  parsePosition,
  postStreamName,
  type Position,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { moderationSettled, reporterAged, testModerators } from './moderation.testing.ts';

describe('moderation settings: admins change the auto-hide threshold and the report reasons as events', () => {
  let h: Harness;
  const roles = testModerators();
  let admin: SignedInUser;
  let asAdmin: TestClient;
  let asMod: TestClient;
  let asAda: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    // The configured default (until an admin records settings).
    h = await startHarness({
      workers: true,
      label: 'moderation_settings',
      projections: [reportsProjection, postsProjection, usersProjection],
      app: { roles },
      env: { MODERATION_AUTO_HIDE_THRESHOLD: '4' },
    });
    const suffix = Date.now();
    admin = await h.api.signedInUser(`admin_${suffix}`);
    roles.add(admin.userId, 'admin', 'moderator');
    asAdmin = h.client({ cookie: admin.cookie });
    // Bob and the moderator report in a test below: trusted reporters (verified, a month old).
    const mod = await reporterAged(h.api.services, `mod_${suffix}`);
    roles.add(mod.userId);
    asMod = h.client({ cookie: mod.cookie });
    asAda = h.client({ cookie: (await h.api.signedInUser(`ada_${suffix}`)).cookie });
    asBob = h.client({ cookie: (await reporterAged(h.api.services, `bob_${suffix}`)).cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  let furthest: Position | null = null;
  const record = <T extends { json: () => any }>(answer: T): T => {
    const position = (answer.json() as { position?: unknown }).position;
    if (typeof position === 'string' && (!furthest || comparePositions(parsePosition(position), furthest) > 0))
      furthest = parsePosition(position);
    return answer;
  };
  const settings = async () => {
    for (const name of ['reports', 'posts', 'users'])
      expect(await h.readModels.waitFor(name, furthest ?? (await h.appendedSoFar()), 10_000)).toBe(true);
    const answer = await asMod.get('/api/moderation/settings');
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('answers the defaults until an admin changes them: the configured threshold and every reason', async () => {
    expect(await settings()).toEqual({ autoHideThreshold: 4, reportReasons: [...REPORT_REASONS] });
  });

  it.each([
    ['autoHideThreshold', { autoHideThreshold: 1 }],
    ['autoHideThreshold', { autoHideThreshold: 101 }],
    ['autoHideThreshold', { autoHideThreshold: 2.5 }],
    ['autoHideThreshold', { autoHideThreshold: '5' }],
    ['autoHideThreshold', {}],
    ['reportReasons', { reportReasons: [] }],
    ['reportReasons', { reportReasons: ['spam', 'boring'] }],
    ['reportReasons', { reportReasons: 'spam' }],
    ['reportReasons', { reportReasons: ['spam', 'spam'] }],
  ])('refuses bad settings (400 naming %s) and records nothing', async (field, body) => {
    const answer = await asAdmin.put('/api/moderation/settings', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'validation_failed', field });
    expect(await h.store.readStream(MODERATION_SETTINGS_STREAM)).toEqual([]);
  });

  it('only admins change them (a moderator gets 403)', async () => {
    expect((await asMod.put('/api/moderation/settings', { autoHideThreshold: 3 })).statusCode).toBe(403);
  });

  it('an admin turns reasons off: the change is an event, GET answers it, and reports for a reason turned off are refused (400 naming reportReason)', async () => {
    const changed = record(await asAdmin.put('/api/moderation/settings', { reportReasons: ['spam', 'other'] }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      autoHideThreshold: 4,
      reportReasons: ['spam', 'other'],
      position: expect.any(String),
    });
    const events = await h.store.readStream(MODERATION_SETTINGS_STREAM);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'ModerationSettingsChanged',
        {
          autoHideThreshold: 4,
          reportReasons: ['spam', 'other'],
          changedBy: admin.userId,
          changedAt: expect.any(String),
        },
      ],
    ]);
    expect(await settings()).toEqual({ autoHideThreshold: 4, reportReasons: ['spam', 'other'] });
    // The report form offers only what is enabled.
    const offered = await asAda.get('/api/reports/reasons');
    expect([offered.statusCode, offered.json()]).toEqual([200, { reportReasons: ['spam', 'other'] }]);

    const refused = await asAda.post('/api/reports', {
      contentType: 'video',
      contentId: randomUUID(),
      reportReason: 'harassment',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'validation_failed', field: 'reportReason' });
    expect(
      (await asAda.post('/api/reports', { contentType: 'video', contentId: randomUUID(), reportReason: 'spam' }))
        .statusCode,
    ).toBe(201);
    // Saving the same settings again records nothing.
    expect(
      record(await asAdmin.put('/api/moderation/settings', { reportReasons: ['spam', 'other'] })).json(),
    ).toMatchObject({ position: null });
  });

  it('a new threshold takes effect at once: with 2, the second distinct trusted reporter hides the post', async () => {
    const changed = record(await asAdmin.put('/api/moderation/settings', { autoHideThreshold: 2 }));
    expect(changed.json()).toMatchObject({ autoHideThreshold: 2, reportReasons: ['spam', 'other'] });
    expect(await settings()).toEqual({ autoHideThreshold: 2, reportReasons: ['spam', 'other'] });

    const made = record(await asAda.post('/api/text-posts', { content: 'Hot take' }));
    const postId = made.json().post.id as string;
    await settings();
    // What the post's stream holds once moderation's reactor has handled the reports so far.
    const postStream = async () => {
      await moderationSettled(h, furthest, ['reports', 'posts']);
      return (await h.store.readStream(postStreamName(postId))).map((e) => e.type);
    };
    record(await asBob.post('/api/reports', { contentType: 'text_post', contentId: postId, reportReason: 'spam' }));
    expect(await postStream()).toEqual(['TextPostCreated']);
    record(await asMod.post('/api/reports', { contentType: 'text_post', contentId: postId, reportReason: 'other' }));
    expect(await postStream()).toEqual(['TextPostCreated', 'ContentHidden']);
  });

  it('a replay from 0 rebuilds the settings equal to the live ones', async () => {
    // Everything the commands answered is applied first (the store's head can be behind it).
    await settings();
    const { differences, rows } = await replayDifferences(h, reportsProjection, [
      'moderation_settings',
      'content_cards',
      'reports',
    ]);
    expect(rows.moderation_settings).toBe(1);
    expect(differences).toEqual({ moderation_settings: 0, content_cards: 0, reports: 0 });
  });
});
