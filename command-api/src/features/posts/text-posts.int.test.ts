import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mediaProjection,
  postItemById,
  postsProjection,
  publishedPostsByAuthor,
  type PostsDb,
} from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { parsePosition } from '@myworld/schemas';
import { PNG_1X1, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('text posts: create with the text-post payload, photos through media, delete', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    // The workers process the photos.
    h = await startHarness({
      label: 'text_posts',
      storage: true,
      workers: true,
      projections: [postsProjection, mediaProjection],
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: (await h.api.signedInUser(`bob_${Date.now()}`)).cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const readModel = () => h.readModels.query<PostsDb>('posts');
  const upload = (client: TestClient, body: Buffer) => uploadToStore(client, body);

  it('publishes the text-post payload (defaults #000000 / #ffffff / normal; userId ignored) and answers 201 with the post', async () => {
    const r = await asAda.post('/api/text-posts', { content: '  First post!  ', userId: '' });
    expect(r.statusCode).toBe(201);
    const { post, position } = r.json() as { post: { id: string }; position: string };
    expect(post).toMatchObject({
      authorId: ada.userId,
      content: 'First post!',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
    });
    expect(await h.readModels.waitFor('posts', parsePosition(position), 5_000)).toBe(true);
    expect(await postItemById(await readModel(), post.id, null)).toMatchObject({
      kind: 'text',
      content: 'First post!',
    });
  });

  it('refuses neither text nor photo, more than 300 characters, a bad colour and a bad font, naming the field', async () => {
    expect((await asAda.post('/api/text-posts', { content: '   ' })).json()).toEqual({
      error: 'content_required',
      field: 'content',
      message: 'Content required',
    });
    expect((await asAda.post('/api/text-posts', { content: 'x'.repeat(301) })).json()).toMatchObject({
      field: 'content',
      message: 'A post is at most 300 characters',
    });
    expect((await asAda.post('/api/text-posts', { content: 'x'.repeat(300) })).statusCode).toBe(201);
    expect((await asAda.post('/api/text-posts', { content: 'hi', backgroundColor: 'red' })).json()).toMatchObject({
      field: 'backgroundColor',
    });
    expect((await asAda.post('/api/text-posts', { content: 'hi', fontStyle: 'comic' })).json()).toMatchObject({
      field: 'fontStyle',
    });
  });

  it("a photo is the author's own image, processed first: the post shows its 1080 WebP; someone else's or a non-image is refused", async () => {
    const photo = await upload(asAda, PNG_1X1);
    const r = await asAda.post('/api/text-posts', { content: '', imageUrl: photo });
    expect(r.statusCode).toBe(201);
    expect(r.json().post.imageUrl).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/display\.webp$/);
    expect((await h.client().get(r.json().post.imageUrl)).headers['content-type']).toBe('image/webp');

    const adas = await upload(asAda, PNG_1X1);
    expect((await asBob.post('/api/text-posts', { content: 'mine now', imageUrl: adas })).json()).toMatchObject({
      error: 'foreign_upload',
      field: 'imageUrl',
    });
    const text = await upload(asAda, Buffer.from('not an image at all'));
    expect((await asAda.post('/api/text-posts', { content: 'x', imageUrl: text })).json()).toMatchObject({
      error: 'unsupported_type',
      field: 'imageUrl',
    });
  }, 60_000);

  it('an Idempotency-Key retry answers the same post; its author deletes it (others 403) and it leaves the read model', async () => {
    const key = `post-${randomBytes(6).toString('hex')}`;
    const first = (await asAda.post('/api/text-posts', { content: 'once' }, { 'idempotency-key': key })).json() as {
      post: { id: string };
    };
    const again = (await asAda.post('/api/text-posts', { content: 'once' }, { 'idempotency-key': key })).json() as {
      post: { id: string };
    };
    expect(again.post.id).toBe(first.post.id);

    expect((await asBob.delete(`/api/posts/${first.post.id}`)).statusCode).toBe(403);
    const gone = await asAda.delete(`/api/posts/${first.post.id}`);
    expect(gone.json()).toMatchObject({ deleted: true });
    expect((await asAda.delete(`/api/posts/${first.post.id}`)).statusCode).toBe(404);
    expect(await h.readModels.waitFor('posts', parsePosition(gone.json().position), 5_000)).toBe(true);
    expect(await postItemById(await readModel(), first.post.id, ada.userId)).toBeUndefined();
    expect((await publishedPostsByAuthor(await readModel(), ada.userId)).map((p) => p.id)).not.toContain(first.post.id);
  });

  it('a replay from 0 rebuilds the posts read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, postsProjection, ['posts']);
    expect(rows.posts).toBeGreaterThan(2);
    expect(differences).toEqual({ posts: 0 });
  });
});
