import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import {
  mediaProjection,
  postsProjection,
  reportsProjection,
  storiesProjection,
  usersProjection,
} from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { mediaStreamName, postStreamName } from '@myworld/schemas';
import { newRegistration, sampleWebM, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '@myworld/command-api/testing';
import type { RoleDirectory } from '@myworld/write-model/roles';

/** A real photo (the 1x1 PNG is too small to tell apart from its variants). */
/** What these tests read of a post as the API shows it. */
type ShownPost = { id: string; imageUrl?: string | null; videoUrl?: string | null; thumbnailUrl?: string | null };

const photo = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/**
 * The media lifecycle with real parts (Swift S3, the workers process, the media read model): files
 * of deleted or removed content and of deleted accounts stop being served within a minute and are
 * deleted from the store; files of hidden content are refused while hidden and served after a restore.
 */
describe('media lifecycle: deleted, removed and hidden content stops being served', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let asMod: TestClient;
  let reporter: TestClient;
  const moderators = new Set<string>();
  const roles: RoleDirectory = { rolesOf: async (userId) => (moderators.has(userId) ? ['moderator'] : []) };

  beforeAll(async () => {
    h = await startHarness({
      label: 'media_lifecycle',
      storage: true,
      workers: true,
      projections: [mediaProjection, postsProjection, reportsProjection, storiesProjection, usersProjection],
      app: { roles },
    });
    const suffix = Date.now();
    ada = await h.api.signedInUser(`ada_${suffix}`);
    asAda = h.client({ cookie: ada.cookie });
    const mod = await h.api.signedInUser(`mod_${suffix}`);
    moderators.add(mod.userId);
    asMod = h.client({ cookie: mod.cookie });
    reporter = h.client({ cookie: (await h.api.signedInUser(`rep_${suffix}`)).cookie });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  const status = async (url: string) => (await h.client().get(url)).statusCode;
  /** A condition-wait: the URL answers `code` before the deadline (the minute). */
  const answers = (url: string, code: number, timeout = 60_000) =>
    expect.poll(() => status(url), { timeout, interval: 250 }).toBe(code);
  const keysOf = async (mediaId: string) => {
    const events = await h.store.readStream(mediaStreamName(mediaId));
    const processed = events.find((e) => e.type === 'MediaProcessed')?.data as
      { variants: Record<string, { key: string }> } | undefined;
    return [(events[0]!.data as { key: string }).key, ...Object.values(processed?.variants ?? {}).map((v) => v.key)];
  };
  const stored = async (keys: readonly string[]) =>
    (await Promise.all(keys.map((k) => h.storage.storage.head(k)))).filter(Boolean).length;
  const photoPost = async (color: string) => {
    const made = await asAda.post('/api/text-posts', {
      content: `photo ${color}`,
      imageUrl: await uploadToStore(asAda, await photo(color), 'image/jpeg'),
    });
    expect(made.statusCode, made.body).toBe(201);
    const post = made.json().post as ShownPost;
    const [created] = await h.store.readStream(postStreamName(post.id));
    return { post, mediaId: (created!.data as { imageMediaId: string }).imageMediaId };
  };
  /** MediaDeleted, caused by the event of `type` on `stream`. */
  const deletedBy = async (mediaId: string, stream: string, type: string) => {
    const cause = (await h.store.readStream(stream)).find((e) => e.type === type)!;
    await expect
      .poll(async () => (await h.store.readStream(mediaStreamName(mediaId))).map((e) => e.type), {
        timeout: 30_000,
        interval: 250,
      })
      .toContain('MediaDeleted');
    const deleted = (await h.store.readStream(mediaStreamName(mediaId))).find((e) => e.type === 'MediaDeleted')!;
    expect(deleted.metadata).toMatchObject({ actorId: 'system', causationId: cause.id });
    return deleted.data as { reason: string; keys: string[] };
  };

  it("a deleted post's photo answers 404 within a minute, and every file of it is deleted from the store", async () => {
    const { post, mediaId } = await photoPost('#336699');
    const imageUrl = post.imageUrl!;
    expect(await status(imageUrl)).toBe(200);
    const keys = await keysOf(mediaId);
    expect(keys).toHaveLength(3);

    expect((await asAda.delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    await answers(imageUrl, 404);
    expect((await deletedBy(mediaId, postStreamName(post.id), 'PostDeleted')).reason).toBe('post_deleted');
    expect(await stored(keys)).toBe(0);
  }, 90_000);

  it('a video a moderator removed answers 404 within a minute (video and poster), and its files are deleted', async () => {
    const made = await asAda.post('/api/videos', {
      videoUrl: await uploadToStore(asAda, await sampleWebM()),
      description: 'Clip',
    });
    expect(made.statusCode, made.body).toBe(201);
    const postId = made.json().post.id as string;
    const [submitted] = await h.store.readStream(postStreamName(postId));
    const mediaId = (submitted!.data as { mediaId: string }).mediaId;
    await expect
      .poll(async () => (await h.store.readStream(mediaStreamName(mediaId))).map((e) => e.type), {
        timeout: 60_000,
        interval: 250,
      })
      .toContain('MediaProcessed');
    let shown: ShownPost | undefined;
    await expect
      .poll(
        async () => (shown = (await h.client().get(`/api/posts/${postId}`)).json() as ShownPost)?.videoUrl ?? null,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const urls = [shown!.videoUrl!, shown!.thumbnailUrl!];
    for (const url of urls) expect(await status(url), url).toBe(200);

    const filed = await reporter.post('/api/reports', {
      contentType: 'video',
      contentId: postId,
      reportReason: 'spam',
      description: '',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const resolved = await asMod.put(`/api/reports/${filed.json().report.id}`, {
      status: 'resolved',
      moderatorNote: 'Spam',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    for (const url of urls) await answers(url, 404);
    const keys = await keysOf(mediaId);
    expect((await deletedBy(mediaId, postStreamName(postId), 'ContentRemoved')).reason).toBe('content_removed');
    expect(await stored(keys)).toBe(0);
  }, 120_000);

  it("a deleted account's picture answers 404 within a minute; all its uploads, attached or not, are deleted", async () => {
    const leaving = newRegistration('leaving');
    const asLeaver = h.client();
    expect((await asLeaver.post('/api/auth/register', leaving)).statusCode).toBe(201);
    const leaverId = (await asLeaver.get('/api/auth/user')).json().id as string;
    const set = await asLeaver.put('/api/profile/picture', {
      profileImageURL: await uploadToStore(asLeaver, await photo('#aa3300'), 'image/jpeg'),
    });
    expect(set.statusCode, set.body).toBe(200);
    const picture = set.json().objectPath as string;
    await answers(picture, 200, 30_000);
    const mediaId = picture.split('/')[3]!;
    const keys = await keysOf(mediaId);
    const unused = h.api.services.storage.keyOfUrl(
      await uploadToStore(asLeaver, await photo('#00aa33'), 'image/jpeg'),
    )!;

    const deleted = await asLeaver.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await answers(picture, 404);
    expect((await deletedBy(mediaId, `user-${leaverId}`, 'AccountDeleted')).reason).toBe('account_deleted');
    await expect.poll(() => stored([...keys, unused]), { timeout: 30_000, interval: 250 }).toBe(0);
  }, 90_000);

  it("a hidden post's photo is 404 while hidden and served again once restored; its files stay in the store", async () => {
    const { post, mediaId } = await photoPost('#993366');
    const imageUrl = post.imageUrl!;
    expect(await status(imageUrl)).toBe(200);
    const stream = postStreamName(post.id);
    const at = new Date().toISOString();
    // What moderation appends on the post's stream (the auto-hide threshold is moderation's own test).
    await h.store.append(stream, expected.any, [
      {
        id: randomUUID(),
        type: 'ContentHidden',
        data: { contentType: 'text_post', contentId: post.id, reporterCount: 5, hiddenAt: at },
        metadata: testMetadata(),
      },
    ]);
    await answers(imageUrl, 404, 10_000);
    expect(await stored(await keysOf(mediaId))).toBe(3);
    await h.store.append(stream, expected.any, [
      {
        id: randomUUID(),
        type: 'ContentRestored',
        data: { contentType: 'text_post', contentId: post.id, moderatorId: 'mod', restoredAt: at },
        metadata: testMetadata(),
      },
    ]);
    await answers(imageUrl, 200, 10_000);
  }, 60_000);

  it('user media is not cached as immutable: a short public lifetime, revalidated by ETag or Last-Modified; a refusal is never stored', async () => {
    const { post } = await photoPost('#123456');
    const served = await h.client().get(post.imageUrl!);
    expect(served.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(served.headers['last-modified']).toBeTruthy();
    expect((await h.client().get(post.imageUrl!, { 'if-none-match': served.headers.etag as string })).statusCode).toBe(
      304,
    );
    expect(
      (await h.client().get(post.imageUrl!, { 'if-modified-since': served.headers['last-modified'] as string }))
        .statusCode,
    ).toBe(304);
    expect((await h.client().get('/objects/uploads/nobody/missing.webp')).headers['cache-control']).toBe('no-store');
  }, 60_000);

  it('a replay from 0 rebuilds the media read model (files, content, holds) equal to the live one', async () => {
    const tables = ['media', 'media_files', 'media_content', 'media_holds'];
    const { differences, rows } = await replayDifferences(h, mediaProjection, tables);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
    expect(rows.media_holds).toBeGreaterThanOrEqual(3);
    expect(rows.media_content).toBeGreaterThanOrEqual(3);
  });
});
