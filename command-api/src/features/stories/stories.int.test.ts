import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaProjection, storiesProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { POST_MESSAGES, STORY_MESSAGES, mediaStreamName, storyStreamName, type Story } from '@myworld/schemas';
import { PNG_1X1, pngOfSize, sampleWebM, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { storyFormBody } from './stories.testing.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

const MB = 1024 * 1024;

describe('stories: created from a multipart form, listed for followers, viewed once per viewer', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;

  beforeAll(async () => {
    // The workers process the stories' images and videos (the list switches to the processed file).
    h = await startHarness({
      label: 'stories',
      storage: true,
      workers: true,
      projections: [storiesProjection, mediaProjection],
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (label: string) => {
    const user = await h.api.signedInUser(`${label}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`);
    return { user, client: h.client({ cookie: user.cookie }) };
  };
  const postStory = async (
    client: TestClient,
    fields: Record<string, string>,
    file?: Parameters<typeof storyFormBody>[1],
    headers: Record<string, string> = {},
  ) => {
    const { payload, headers: form } = await storyFormBody(fields, file);
    return client.post('/api/stories', payload, { ...form, ...headers });
  };
  const createStory = async (
    client: TestClient,
    fields: Record<string, string>,
    file?: Parameters<typeof storyFormBody>[1],
  ): Promise<Story> => {
    const r = await postStory(client, fields, file);
    expect(r.statusCode, r.body).toBe(201);
    return (r.json() as { story: Story }).story;
  };
  /** Waits until the stories read model has the whole log (reads by clients that wrote nothing themselves). */
  const caughtUp = async () => expect(await readModelsCaughtUp(h, ['stories'])).toBe(true);
  const storiesOf = async (client: TestClient) => {
    await caughtUp();
    const r = await client.get('/api/stories');
    expect(r.statusCode).toBe(200);
    return r.json() as Story[];
  };
  const uploadsOf = async (userId: string) => {
    const keys: string[] = [];
    for await (const object of h.storage.storage.list(`uploads/${userId}/`)) keys.push(object.key);
    return keys;
  };

  it("a text story: 201 with the story (default background, no views, expiring 24 hours later) and the author's card", async () => {
    const before = Date.now();
    const story = await createStory(asAda, { mediaType: 'text', content: '  Good morning  ' });
    expect(story).toMatchObject({
      userId: ada.userId,
      mediaType: 'text',
      content: 'Good morning',
      mediaUrl: null,
      backgroundColor: '#000000',
      viewCount: 0,
    });
    expect(story.user).toEqual({ username: ada.username, firstName: 'Test', profileImageUrl: null });
    const created = Date.parse(story.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(story.expiresAt) - created).toBe(24 * 3600 * 1000);
    expect((await storiesOf(asAda)).find((s) => s.id === story.id)).toEqual(story);
    const colored = await createStory(asAda, { mediaType: 'text', content: 'Blue', backgroundColor: '#1d4ed8' });
    expect(colored.backgroundColor).toBe('#1d4ed8');
  });

  it('refuses, naming the field: a text story without text, an image or video story without a file, and bad fields', async () => {
    const refusal = async (fields: Record<string, string>, file?: Parameters<typeof storyFormBody>[1]) => {
      const r = await postStory(asAda, fields, file);
      expect(r.statusCode, r.body).toBe(400);
      return r.json() as { error: string; field?: string; message: string };
    };
    expect(await refusal({ mediaType: 'text', content: '   ' })).toMatchObject({
      field: 'content',
      message: POST_MESSAGES.contentRequired,
    });
    expect(await refusal({ mediaType: 'text' })).toMatchObject({
      field: 'content',
      message: POST_MESSAGES.contentRequired,
    });
    for (const mediaType of ['image', 'video']) {
      expect(await refusal({ mediaType, content: 'No file' })).toMatchObject({
        field: 'media',
        message: STORY_MESSAGES.mediaRequired,
      });
      // An empty file input sends a part with no name and no bytes: that is no file.
      expect(await refusal({ mediaType }, { bytes: Buffer.alloc(0), name: '' })).toMatchObject({
        field: 'media',
        message: STORY_MESSAGES.mediaRequired,
      });
    }
    expect(await refusal({ content: 'What kind?' })).toMatchObject({
      field: 'mediaType',
      message: 'mediaType must be one of text, image, video',
    });
    expect(await refusal({ mediaType: 'gif', content: 'x' })).toMatchObject({ field: 'mediaType' });
    expect(await refusal({ mediaType: 'text', content: 'x', backgroundColor: 'blue' })).toMatchObject({
      field: 'backgroundColor',
    });
    expect(await refusal({ mediaType: 'text', content: 'x'.repeat(501) })).toMatchObject({
      field: 'content',
      message: "A story's text is at most 500 characters",
    });
    expect(await refusal({ mediaType: 'text', content: 'x' }, { bytes: PNG_1X1, field: 'photo' })).toMatchObject({
      field: 'media',
    });
    // Nothing of these stayed in the author's upload namespace.
    expect(await uploadsOf(ada.userId)).toEqual([]);
  });

  it('refuses a file of the wrong type or size with a 400 naming media, and keeps nothing of it', async () => {
    const { user, client } = await signedIn('sizes');
    const refused = async (fields: Record<string, string>, file: Parameters<typeof storyFormBody>[1]) => {
      const r = await postStory(client, fields, file);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().field).toBe('media');
      return r.json() as { error: string; message: string };
    };
    expect(await refused({ mediaType: 'image' }, { bytes: await sampleWebM(), type: 'image/png' })).toMatchObject({
      error: 'unsupported_type',
      message: 'A story image must be a JPEG, PNG, WebP, GIF or AVIF image',
    });
    expect(await refused({ mediaType: 'video' }, { bytes: PNG_1X1, type: 'video/webm' })).toMatchObject({
      error: 'unsupported_type',
      message: 'A story video must be an MP4, MOV, WebM or MKV video',
    });
    // Over 10 MB with mediaType first: refused while it streams.
    expect(await refused({ mediaType: 'image' }, { bytes: pngOfSize(10 * MB + 1) })).toMatchObject({
      error: 'file_too_large',
      message: 'A story image may be at most 10 MB',
    });
    // The file before mediaType: streamed under the larger limit, refused when attached.
    expect(await refused({ mediaType: 'image' }, { bytes: pngOfSize(12 * MB), first: true })).toMatchObject({
      error: 'file_too_large',
      message: 'A story image may be at most 10 MB; this file is 12 MB',
    });
    expect(await uploadsOf(user.userId)).toEqual([]);
    // Exactly 10 MB is accepted (sent in more than one part to the store).
    const story = await createStory(client, { mediaType: 'image' }, { bytes: pngOfSize(10 * MB) });
    // Recorded as the server's copy of the upload (no browser can write there); the upload is gone.
    expect(story.mediaUrl).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/original-[0-9a-f-]{36}$/);
    expect(await h.storage.storage.head(story.mediaUrl!.slice('/objects/'.length))).toMatchObject({ size: 10 * MB });
    expect(await h.storage.storage.head(`uploads/${user.userId}/${story.id}`)).toBeUndefined();
  }, 60_000);

  it('takes multipart only on this route: JSON here is 415, and a form sent to a JSON route is 415 as before', async () => {
    const json = await asAda.post('/api/stories', { mediaType: 'text', content: 'JSON?' });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = await storyFormBody({ content: 'a form' });
    const elsewhere = await asAda.post('/api/text-posts', payload, headers);
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json()).toMatchObject({ error: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', field: 'body' });
    // A visitor still hears 401 first.
    expect((await h.client().post('/api/text-posts', payload, headers)).statusCode).toBe(401);
    expect((await h.client().post('/api/stories', payload, headers)).statusCode).toBe(401);
  });

  it('an image story is attached as a story image and shown as its processed WebP once the workers made it; a video as its MP4', async () => {
    const { user, client } = await signedIn('media');
    const image = await createStory(
      client,
      { mediaType: 'image', content: 'Sunrise' },
      { bytes: PNG_1X1, type: 'image/png', name: 'sun.png' },
    );
    const [created] = await h.store.readStream(storyStreamName(image.id));
    const mediaId = (created!.data as { mediaId: string }).mediaId;
    expect(image).toMatchObject({
      mediaType: 'image',
      content: 'Sunrise',
      mediaUrl: expect.stringMatching(new RegExp(`^/objects/media/${mediaId}/original-`)),
    });
    const [uploaded] = await h.store.readStream(mediaStreamName(mediaId));
    expect(uploaded!.data).toMatchObject({
      ownerId: user.userId,
      purpose: 'story_image',
      kind: 'image',
      key: image.mediaUrl!.slice('/objects/'.length),
      contentType: 'image/png',
    });
    // The original's address answers its processed WebP (never the uploaded bytes), which then replaces it in the list.
    await expect
      .poll(async () => (await h.client().get(image.mediaUrl!)).headers['content-type'], {
        timeout: 30_000,
        interval: 300,
      })
      .toBe('image/webp');
    await expect
      .poll(async () => (await storiesOf(client)).find((s) => s.id === image.id)?.mediaUrl, {
        timeout: 30_000,
        interval: 300,
      })
      .toBe(`/objects/media/${mediaId}/display.webp`);
    expect((await h.client().get(`/objects/media/${mediaId}/display.webp`)).headers['content-type']).toBe('image/webp');

    const video = await createStory(client, { mediaType: 'video' }, { bytes: await sampleWebM(), type: 'video/webm' });
    expect(video.mediaUrl).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/original-[0-9a-f-]{36}$/);
    await expect
      .poll(async () => (await storiesOf(client)).find((s) => s.id === video.id)?.mediaUrl, {
        timeout: 60_000,
        interval: 500,
      })
      .toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/video\.mp4$/);
  }, 90_000);

  it("GET /api/stories: one's own and the followed authors' stories, grouped by author, each oldest first; not others'", async () => {
    const { client: asMe } = await signedIn('viewer');
    const { user: cat, client: asCat } = await signedIn('cat');
    const { user: dan, client: asDan } = await signedIn('dan');
    const { client: asEve } = await signedIn('eve');
    const cat1 = await createStory(asCat, { mediaType: 'text', content: 'cat 1' });
    const dan1 = await createStory(asDan, { mediaType: 'text', content: 'dan 1' });
    const cat2 = await createStory(asCat, { mediaType: 'text', content: 'cat 2' });
    const mine = await createStory(asMe, { mediaType: 'text', content: 'mine' });
    const eve1 = await createStory(asEve, { mediaType: 'text', content: 'eve 1' });
    expect((await asMe.post(`/api/users/${cat.userId}/follow`)).statusCode).toBe(200);
    expect((await asMe.post(`/api/users/${dan.userId}/follow`)).statusCode).toBe(200);

    const ids = (await storiesOf(asMe)).map((s) => s.id);
    // Mine first; then cat (newest story: cat 2) before dan; each author's oldest first.
    expect(ids).toEqual([mine.id, cat1.id, cat2.id, dan1.id]);
    expect(ids).not.toContain(eve1.id);
    expect((await storiesOf(asMe)).find((s) => s.id === cat1.id)!.user).toMatchObject({
      username: cat.username,
      firstName: 'Test',
    });
    expect((await asMe.delete(`/api/users/${cat.userId}/follow`)).statusCode).toBe(200);
    expect((await storiesOf(asMe)).map((s) => s.id)).toEqual([mine.id, dan1.id]);
  });

  it('counts unique viewers: 10 viewers viewing one story 5 times each at once count 10; repeats and the author count nothing', async () => {
    const story = await createStory(asAda, { mediaType: 'text', content: 'Count me' });
    const viewers = await Promise.all(Array.from({ length: 10 }, (_, i) => signedIn(`v${i}`)));
    const answers = await Promise.all(
      viewers.flatMap(({ client }) => Array.from({ length: 5 }, () => client.post(`/api/stories/${story.id}/view`))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((r) => r.json().counted === true)).toHaveLength(10);

    const own = await asAda.post(`/api/stories/${story.id}/view`);
    expect(own.json()).toEqual({ counted: false, position: null });
    const again = await viewers[0]!.client.post(`/api/stories/${story.id}/view`);
    expect(again.json()).toEqual({ counted: false, position: null });
    expect((await storiesOf(asAda)).find((s) => s.id === story.id)!.viewCount).toBe(10);

    const list = await asAda.get(`/api/stories/${story.id}/viewers`);
    expect(list.statusCode).toBe(200);
    const seen = list.json() as Array<{ userId: string; username: string; viewedAt: string }>;
    expect(seen.map((v) => v.userId).sort()).toEqual(viewers.map((v) => v.user.userId).sort());
    expect(seen.map((v) => v.viewedAt)).toEqual([...seen.map((v) => v.viewedAt)].sort().reverse());
    expect(seen[0]).toMatchObject({ firstName: 'Test', profileImageUrl: null });
  }, 60_000);

  it("the viewers list is its author's only (403); an unknown story is 404 for views and viewers", async () => {
    const story = await createStory(asAda, { mediaType: 'text', content: 'Mine to know' });
    const { client: asBob } = await signedIn('bob');
    expect((await asBob.post(`/api/stories/${story.id}/view`)).json()).toMatchObject({ counted: true });
    const refused = await asBob.get(`/api/stories/${story.id}/viewers`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden', message: STORY_MESSAGES.viewersAuthorOnly });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await asBob.post(`/api/stories/${unknown}/view`)).json()).toMatchObject({
      error: 'not_found',
      message: STORY_MESSAGES.notFound,
    });
    expect((await asAda.get(`/api/stories/${unknown}/viewers`)).statusCode).toBe(404);
    expect((await asAda.get('/api/stories/not-a-uuid/viewers')).json()).toMatchObject({ field: 'id' });
  });

  it('a retry with the same Idempotency-Key answers the same story and stores its file once', async () => {
    const { user, client } = await signedIn('retry');
    const headers = { 'idempotency-key': `story-retry-${Date.now()}` };
    const first = await postStory(client, { mediaType: 'image', content: 'Once' }, { bytes: PNG_1X1 }, headers);
    const second = await postStory(client, { mediaType: 'image', content: 'Once' }, { bytes: PNG_1X1 }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().story).toEqual(first.json().story);
    // Its file is kept once, as the server's copy of the upload (the upload itself is deleted).
    expect(await uploadsOf(user.userId)).toEqual([]);
    const originals: string[] = [];
    for await (const object of h.storage.storage.list(
      first
        .json()
        .story.mediaUrl.slice('/objects/'.length)
        .replace(/original-.*$/, ''),
    ))
      if (object.key.includes('/original-')) originals.push(object.key);
    expect(originals).toEqual([first.json().story.mediaUrl.slice('/objects/'.length)]);
    const other = await postStory(
      client,
      { mediaType: 'image', content: 'Another caption' },
      { bytes: PNG_1X1 },
      headers,
    );
    expect(other.statusCode).toBe(422);
  });

  it('over real HTTP (fetch with FormData): created; an oversized file is refused while it streams, and nothing is kept', async () => {
    const { user } = await signedIn('http');
    const send = (form: FormData) =>
      fetch(`${h.api.baseUrl}/api/stories`, { method: 'POST', body: form, headers: { cookie: user.cookie } });
    const ok = new FormData();
    ok.append('mediaType', 'image');
    ok.append('media', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'dot.png');
    const created = await send(ok);
    expect(created.status).toBe(201);

    const big = new FormData();
    big.append('mediaType', 'video');
    big.append('media', new Blob([new Uint8Array(100 * MB + 1)], { type: 'video/webm' }), 'big.webm');
    const refused = await send(big);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'file_too_large',
      field: 'media',
      message: 'A story video may be at most 100 MB',
    });
    // An image is refused at its 10 MB, without reading the other 90 MB: the connection closes after the answer.
    const early = new FormData();
    early.append('mediaType', 'image');
    early.append('media', new Blob([new Uint8Array(100 * MB)], { type: 'image/png' }), 'big.png');
    const refusedEarly = await send(early);
    expect(refusedEarly.status).toBe(400);
    expect(refusedEarly.headers.get('connection')).toBe('close');
    expect(await refusedEarly.json()).toMatchObject({
      error: 'file_too_large',
      field: 'media',
      message: 'A story image may be at most 10 MB',
    });
    // Only the created story's file is kept, as the server's copy (nothing is left under uploads/).
    expect(await uploadsOf(user.userId)).toEqual([]);
    expect(
      await h.storage.storage.head(
        ((await created.json()) as { story: Story }).story.mediaUrl!.slice('/objects/'.length),
      ),
    ).toBeTruthy();
    const unfinished = [];
    for await (const u of h.storage.storage.listMultipartUploads(`uploads/${user.userId}/`)) unfinished.push(u);
    expect(unfinished).toEqual([]);
  }, 60_000);

  it('the OpenAPI document shows the form: its text fields and the media file part', async () => {
    const doc = (await h.client().get('/api/docs/json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody: {
              content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
            };
          }
        >
      >;
    };
    const { content } = doc.paths['/api/stories']!.post!.requestBody;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    const form = content['multipart/form-data']!.schema;
    expect(Object.keys(form.properties)).toEqual(['mediaType', 'content', 'backgroundColor', 'media']);
    expect(form.properties.mediaType).toMatchObject({ enum: ['text', 'image', 'video'] });
    expect(form.properties.media).toEqual({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(['mediaType']);
  });

  it('a replay from 0 rebuilds the stories read model equal to the live one', async () => {
    const tables = ['stories', 'story_views', 'story_media', 'follow_edges', 'user_cards'];
    const { differences, rows } = await replayDifferences(h, storiesProjection, tables);
    expect(rows.stories).toBeGreaterThan(5);
    expect(rows.story_views).toBeGreaterThanOrEqual(11);
    expect(rows.story_media).toBeGreaterThanOrEqual(2);
    expect(rows.follow_edges).toBeGreaterThanOrEqual(1);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
