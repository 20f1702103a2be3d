import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { reportsProjection, type ReportsDb } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  NEXT_CURSOR_HEADER,
  parsePosition,
  postStreamName,
  type Position,
  reportStreamName,
  type Report,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { testModerators } from './moderation.testing.ts';

describe('reporting and the moderation queue over HTTP, with the reports read model', () => {
  let h: Harness;
  const moderators = testModerators();
  let ada: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;
  let asMod: TestClient;

  beforeAll(async () => {
    // Bob files more than the default 20 reports an hour here (queue paging); the limit has its own test (write-limits.int.test.ts).
    h = await startHarness({
      workers: true,
      label: 'moderation',
      projections: [reportsProjection],
      app: { roles: moderators },
      env: { RATE_LIMIT_REPORTS: '1000/3600' },
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    const bob = await h.api.signedInUser(`bob_${Date.now()}`);
    const mod = await h.api.signedInUser(`mod_${Date.now()}`);
    moderators.add(mod.userId);
    asAda = tracking(h.client({ cookie: ada.cookie }));
    asBob = tracking(h.client({ cookie: bob.cookie }));
    asMod = tracking(h.client({ cookie: mod.cookie }));
  });
  afterAll(async () => {
    await h?.stop();
  });

  const report = (body: Partial<Record<string, unknown>> = {}) => ({
    contentType: 'text_post',
    contentId: randomUUID(),
    reportReason: 'spam',
    description: 'Buy cheap followers',
    ...body,
  });
  // The furthest position a command answered. The store's head is not enough: it leaves out what
  // committed after a transaction that is still open (the projection runner's, under load).
  let furthest: Position | null = null;
  function tracking<C extends object>(client: C): C {
    return new Proxy(client, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if ((prop !== 'post' && prop !== 'put') || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const answer = (await value.apply(target, args)) as { body: string };
          const position = (JSON.parse(answer.body || '{}') as { position?: unknown }).position;
          if (typeof position === 'string') {
            const p = parsePosition(position);
            if (
              !furthest ||
              p.commit > furthest.commit ||
              (p.commit === furthest.commit && p.prepare > furthest.prepare)
            )
              furthest = p;
          }
          return answer;
        };
      },
    });
  }
  const caughtUp = async () =>
    expect(await h.readModels.waitFor('reports', furthest ?? (await h.appendedSoFar()), 10_000)).toBe(true);
  const queue = async (query = ''): Promise<Report[]> => {
    await caughtUp();
    const answer = await asMod.get(`/api/reports${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('files a report (201, pending) that the queue lists with its reporter', async () => {
    const body = report({ description: '  Spam links everywhere  ' });
    const filed = await asAda.post('/api/reports', body);
    expect(filed.statusCode).toBe(201);
    const { report: made, position } = filed.json();
    expect(made).toMatchObject({
      contentType: 'text_post',
      contentId: body.contentId,
      reportReason: 'spam',
      description: 'Spam links everywhere',
      status: 'pending',
    });
    expect(position).toEqual(expect.any(String));
    const listed = (await queue()).find((r) => r.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      contentType: 'text_post',
      contentId: body.contentId,
      reportReason: 'spam',
      description: 'Spam links everywhere',
      status: 'pending',
      moderatorNote: null,
      createdAt: made.createdAt,
      updatedAt: made.createdAt,
      reporter: { id: ada.userId, username: ada.username, profileImageUrl: null },
      content: {
        id: body.contentId,
        type: 'text_post',
        title: null,
        description: null,
        user: null,
        visibility: 'visible',
      },
    });
  });

  it("shows what was reported: a text post's text and author, a user's name", async () => {
    const postId = randomUUID();
    const bobId = (await h.api.signedInUser(`writer_${Date.now()}`)).userId;
    await h.store.append(postStreamName(postId), expected.noStream, [
      {
        id: randomUUID(),
        type: 'TextPostCreated',
        data: {
          postId,
          authorId: bobId,
          content: 'Click my link',
          backgroundColor: '#ffffff',
          textColor: '#000000',
          fontStyle: 'normal',
          imageUrl: null,
          imageMediaId: null,
          createdAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    const onPost = (await asAda.post('/api/reports', report({ contentId: postId }))).json().report;
    const onUser = (
      await asAda.post('/api/reports', report({ contentType: 'user', contentId: bobId, reportReason: 'harassment' }))
    ).json().report;
    const listed = await queue();
    const writer = listed.find((r) => r.id === onUser.id)!.content;
    expect(listed.find((r) => r.id === onPost.id)!.content).toEqual({
      id: postId,
      type: 'text_post',
      title: null,
      description: 'Click my link',
      user: { username: writer.title },
      visibility: 'visible',
    });
    expect(writer).toEqual({
      id: bobId,
      type: 'user',
      title: expect.stringMatching(/^writer_/),
      description: null,
      user: { username: writer.title },
      visibility: 'visible',
    });
    expect((await queue('?search=click%20my')).map((r) => r.id)).toEqual([onPost.id]);
  });

  it.each([
    ['contentType', { contentType: 'photo' }],
    ['contentId', { contentId: '' }],
    ['reportReason', { reportReason: 'boring' }],
    ['description', { description: 'x'.repeat(1001) }],
  ])('refuses a report with a bad %s (400 naming it)', async (field, bad) => {
    const answer = await asAda.post('/api/reports', report(bad));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'validation_failed', field });
  });

  it('one open report per reporter per content item (409); others may report it; after a decision it may be reported again', async () => {
    const body = report();
    expect((await asAda.post('/api/reports', body)).statusCode).toBe(201);
    const again = await asAda.post('/api/reports', { ...body, reportReason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'already_reported',
      field: 'contentId',
      message: 'You have already reported this content; a moderator will look at it',
    });
    const bobs = await asBob.post('/api/reports', body);
    expect(bobs.statusCode).toBe(201);
    // The same id on another kind of content is another item.
    expect((await asAda.post('/api/reports', { ...body, contentType: 'comment' })).statusCode).toBe(201);

    const adas = (await queue(`?search=${body.contentId}`)).find(
      (r) => r.reporter.id === ada.userId && r.contentType === 'text_post',
    )!;
    expect((await asMod.put(`/api/reports/${adas.id}`, { status: 'reviewing' })).statusCode).toBe(200);
    expect((await asAda.post('/api/reports', body)).statusCode).toBe(409);
    expect((await asMod.put(`/api/reports/${adas.id}`, { status: 'dismissed' })).statusCode).toBe(200);
    const reported = await asAda.post('/api/reports', body);
    expect(reported.statusCode).toBe(201);
    expect(reported.json().report.id).not.toBe(adas.id);
  });

  it('10 concurrent reports of one item by one user file one report', async () => {
    const body = report();
    const answers = await Promise.all(Array.from({ length: 10 }, () => asAda.post('/api/reports', body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const id = answers.find((a) => a.statusCode === 201)!.json().report.id;
    expect((await h.store.readStream(reportStreamName(id))).map((e) => e.type)).toEqual(['ReportFiled']);
  });

  it('an Idempotency-Key replays the filed report instead of answering 409', async () => {
    const body = report();
    const key = `report-${Date.now()}`;
    const first = await asAda.post('/api/reports', body, { 'idempotency-key': key });
    const retry = await asAda.post('/api/reports', body, { 'idempotency-key': key });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json().report).toEqual(first.json().report);
  });

  it('an Idempotency-Key reused with another body is refused (422) and files nothing; the same body still replays', async () => {
    const key = `report-reuse-${Date.now()}`;
    const body = report();
    const first = await asAda.post('/api/reports', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const other = report();
    const reused = await asAda.post('/api/reports', other, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'idempotency_key_reused', field: 'Idempotency-Key' });
    expect(await queue(`?search=${other.contentId}`)).toEqual([]);
    const retry = await asAda.post('/api/reports', body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().report).toEqual(first.json().report);
  });

  it('an Idempotency-Key replays a moderation action instead of answering 409', async () => {
    const { report: made } = (await asBob.post('/api/reports', report())).json();
    const key = `moderate-${Date.now()}`;
    const first = await asMod.put(`/api/reports/${made.id}`, { status: 'dismissed' }, { 'idempotency-key': key });
    const retry = await asMod.put(`/api/reports/${made.id}`, { status: 'dismissed' }, { 'idempotency-key': key });
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toMatchObject({
      id: made.id,
      status: 'dismissed',
      moderatorNote: 'No policy violation found',
    });
    expect((await h.store.readStream(reportStreamName(made.id))).map((e) => e.type)).toEqual([
      'ReportFiled',
      'ReportDismissed',
    ]);
  });

  it('Review, then Remove Content: the default note; resolved is final (409); the queue shows the note', async () => {
    const { report: made } = (await asBob.post('/api/reports', report())).json();
    const reviewed = await asMod.put(`/api/reports/${made.id}`, { status: 'reviewing' });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toMatchObject({ id: made.id, status: 'reviewing', moderatorNote: null });
    const again = await asMod.put(`/api/reports/${made.id}`, { status: 'reviewing' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'illegal_transition',
      field: 'status',
      message: 'A reviewing report cannot become reviewing',
    });

    const removed = await asMod.put(`/api/reports/${made.id}`, { status: 'resolved' });
    expect(removed.json()).toMatchObject({ status: 'resolved', moderatorNote: 'Content removed for policy violation' });
    const late = await asMod.put(`/api/reports/${made.id}`, { status: 'dismissed' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: 'illegal_transition',
      message: 'A resolved report cannot become dismissed',
    });

    const events = await h.store.readStream(reportStreamName(made.id));
    expect(events.map((e) => e.type)).toEqual(['ReportFiled', 'ReportReviewStarted', 'ReportResolved']);
    expect(events[2]!.data).toMatchObject({ contentRemoved: true, note: 'Content removed for policy violation' });
    expect((await queue('?status=resolved')).find((r) => r.id === made.id)).toMatchObject({
      status: 'resolved',
      moderatorNote: 'Content removed for policy violation',
    });
  });

  it('Dismiss keeps a given note, else the default; back to pending is illegal (409)', async () => {
    const { report: one } = (await asBob.post('/api/reports', report())).json();
    const { report: two } = (await asBob.post('/api/reports', report())).json();
    expect((await asMod.put(`/api/reports/${one.id}`, { status: 'pending' })).json()).toMatchObject({
      error: 'illegal_transition',
    });
    expect((await asMod.put(`/api/reports/${one.id}`, { status: 'dismissed' })).json()).toMatchObject({
      status: 'dismissed',
      moderatorNote: 'No policy violation found',
    });
    expect(
      (await asMod.put(`/api/reports/${two.id}`, { status: 'dismissed', moderatorNote: 'Satire, allowed' })).json(),
    ).toMatchObject({ moderatorNote: 'Satire, allowed' });
  });

  it('refuses a bad status or note (400 naming it), a malformed id (400) and an unknown report (404)', async () => {
    const { report: made } = (await asBob.post('/api/reports', report())).json();
    expect((await asMod.put(`/api/reports/${made.id}`, { status: 'closed' })).json()).toMatchObject({
      error: 'validation_failed',
      field: 'status',
    });
    expect(
      (await asMod.put(`/api/reports/${made.id}`, { status: 'dismissed', moderatorNote: 'x'.repeat(1001) })).json(),
    ).toMatchObject({ error: 'validation_failed', field: 'moderatorNote' });
    expect((await asMod.put('/api/reports/not-a-uuid', { status: 'dismissed' })).json()).toMatchObject({ field: 'id' });
    const unknown = await asMod.put(`/api/reports/${randomUUID()}`, { status: 'dismissed' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', field: 'id', message: 'Report not found' });
  });

  it('filters the queue by status and by search (description, reporter, reason, content id), newest first', async () => {
    const tag = `zebra${Date.now()}`;
    const first = (
      await asAda.post('/api/reports', report({ description: `${tag} one`, reportReason: 'hate_speech' }))
    ).json().report;
    const second = (
      await asBob.post('/api/reports', report({ description: `${tag} two`, reportReason: 'nudity' }))
    ).json().report;
    await asMod.put(`/api/reports/${second.id}`, { status: 'reviewing' });

    expect((await queue(`?search=${tag.toUpperCase()}`)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await queue(`?search=${tag}&status=reviewing`)).map((r) => r.id)).toEqual([second.id]);
    expect((await queue(`?search=${tag}&status=pending`)).map((r) => r.id)).toEqual([first.id]);
    expect((await queue('?status=reviewing')).every((r) => r.status === 'reviewing')).toBe(true);
    expect((await queue(`?search=${ada.username}`)).every((r) => r.reporter.id === ada.userId)).toBe(true);
    expect((await queue(`?search=hate_spe`)).map((r) => r.id)).toContain(first.id);
    expect((await queue(`?search=${first.contentId}`)).map((r) => r.id)).toEqual([first.id]);
    // % and _ are plain characters in a search.
    expect(await queue('?search=%25%25%25')).toEqual([]);
    expect((await asMod.get('/api/reports?status=open')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'status',
    });
  });

  it('pages the queue newest first through X-Next-Cursor', async () => {
    for (let i = 0; i < 22; i++) await asBob.post('/api/reports', report());
    await caughtUp();
    const seen: string[] = [];
    let url = '/api/reports';
    for (;;) {
      const page = await asMod.get(url);
      expect(page.statusCode).toBe(200);
      const items: Report[] = page.json();
      expect(items.length).toBeLessThanOrEqual(20);
      seen.push(...items.map((r) => r.id));
      const next = page.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!next) break;
      url = `/api/reports?cursor=${next}`;
    }
    const db = await h.readModels.query<ReportsDb>('reports');
    const count = Number(
      (
        await db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(new Set(seen).size).toBe(count);
    expect(seen.length).toBe(count);
    expect((await asMod.get('/api/reports?cursor=nope!')).json()).toMatchObject({ field: 'cursor' });
  });

  it('a replay from 0 rebuilds the reports read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, reportsProjection, [
      'reports',
      'report_user_cards',
      'content_cards',
      'moderation_settings',
    ]);
    expect(rows.reports).toBeGreaterThan(20);
    expect(rows.content_cards).toBeGreaterThan(3);
    expect(differences).toEqual({ reports: 0, report_user_cards: 0, content_cards: 0, moderation_settings: 0 });
  });
});
