import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  LIVE_STREAM_MESSAGES,
  STREAM_THUMBNAIL_MAX_BYTES,
  liveStream,
  liveStreamList,
  liveStreamStreamName,
  streamThumbnailKey,
} from '@myworld/schemas';
import { PNG_1X1, pngOfSize, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';

/** A GIF by its bytes: an image, but not a type a thumbnail may be. */
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');

/** The thumbnail form as a browser's FormData sends it: one file part (`frame` unless told). */
async function frameForm(bytes: Buffer, options: { field?: string; type?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'frame', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), 'f');
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe("live streams' thumbnails: the streamer's client sends frames, the listings show the newest", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      label: 'live_thumbs',
      storage: true,
      projections: [liveStreamsProjection],
      // Enough frames for every case here; the default (3 a minute) is checked below with its own user.
      env: { RATE_LIMIT_STREAM_THUMBNAILS: '50/60' },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (label: string) => {
    const user = await h.api.signedInUser(`${label}_${randomUUID().slice(0, 8)}`);
    return { ...user, client: h.client({ cookie: user.cookie }) };
  };
  const liveStreamOf = async (client: TestClient, body: Record<string, unknown> = { title: 'Jam' }) => {
    const r = await client.post('/api/streams/start', body);
    expect(r.statusCode, r.body).toBe(201);
    return (r.json() as { stream: { id: string } }).stream.id;
  };
  const sendFrame = async (
    client: TestClient,
    id: string,
    bytes: Buffer,
    options?: Parameters<typeof frameForm>[1],
  ) => {
    const { payload, headers } = await frameForm(bytes, options);
    return client.request({ method: 'POST', url: `/api/streams/${id}/thumbnail`, payload, headers });
  };

  it('authorization: a visitor 401, another user 403, the owner 200; only the owner’s frame is stored', async () => {
    const owner = await signedIn('owner');
    const other = await signedIn('other');
    const id = await liveStreamOf(owner.client);

    const visitor = await sendFrame(h.client(), id, PNG_1X1);
    expect(visitor.statusCode).toBe(401);
    const stranger = await sendFrame(other.client, id, PNG_1X1);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ message: LIVE_STREAM_MESSAGES.thumbnailNotOwner });
    expect(await h.storage.storage.head(streamThumbnailKey(id))).toBeUndefined();

    const sent = await sendFrame(owner.client, id, PNG_1X1);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ streamId: id, thumbnailUrl: `/api/streams/${id}/thumbnail?v=1` });
    expect(sent.headers['x-position']).toBe(sent.json().position);
    const events = await h.api.services.store.readStream(liveStreamStreamName(id));
    expect(events.at(-1)).toMatchObject({
      type: 'LiveStreamThumbnailUpdated',
      data: { streamId: id, frame: 1, key: streamThumbnailKey(id), contentType: 'image/png' },
      metadata: { actorId: owner.userId },
    });
  });

  it('the listings and the stream page show the newest frame, which anyone can load; a newer frame replaces the older', async () => {
    const owner = await signedIn('lister');
    const id = await liveStreamOf(owner.client);
    const first = await sendFrame(owner.client, id, PNG_1X1);
    expect(first.statusCode).toBe(200);
    const newer = pngOfSize(PNG_1X1.length + 100);
    const second = await sendFrame(owner.client, id, newer);
    expect(second.json().thumbnailUrl).toBe(`/api/streams/${id}/thumbnail?v=2`);

    // A visitor reads at the owner's position, as a page reloaded after the write would.
    const atWrite = { 'x-min-position': second.json().position as string };
    const visitor = h.client();
    const listed = liveStreamList.parse((await visitor.get('/api/streams/active', atWrite)).json());
    expect(listed.find((s) => s.id === id)?.thumbnailUrl).toBe(`/api/streams/${id}/thumbnail?v=2`);
    const page = liveStream.parse((await visitor.get(`/api/streams/${id}`, atWrite)).json().stream);
    expect(page.thumbnailUrl).toBe(`/api/streams/${id}/thumbnail?v=2`);

    const image = await visitor.get(page.thumbnailUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(newer)).toBe(true);
    const cached = await visitor.get(page.thumbnailUrl!, { 'if-none-match': String(image.headers.etag) });
    expect(cached.statusCode).toBe(304);
    // One object per stream: the newer frame replaced the older in the store.
    const stored: string[] = [];
    for await (const o of h.storage.storage.list(`live-streams/${id}/`)) stored.push(o.key);
    expect(stored).toEqual([streamThumbnailKey(id)]);
  });

  it('4xx naming frame: too big, not an image, a GIF, a PNG header on text, no file, another field; none is stored', async () => {
    const owner = await signedIn('refused');
    const id = await liveStreamOf(owner.client);
    const refusal = async (bytes: Buffer, options?: Parameters<typeof frameForm>[1]) => {
      const r = await sendFrame(owner.client, id, bytes, options);
      expect(r.statusCode, r.body).toBe(400);
      const body = r.json() as { field?: string; message: string };
      expect(body.field).toBe('frame');
      return body.message;
    };
    expect(await refusal(pngOfSize(STREAM_THUMBNAIL_MAX_BYTES + 1))).toBe(LIVE_STREAM_MESSAGES.thumbnailTooLarge);
    expect(await refusal(Buffer.from('not an image at all'), { type: 'image/jpeg' })).toBe(
      LIVE_STREAM_MESSAGES.thumbnailWrongType,
    );
    expect(await refusal(GIF_1X1, { type: 'image/gif' })).toBe(LIVE_STREAM_MESSAGES.thumbnailWrongType);
    expect(await refusal(Buffer.alloc(0))).toBe(LIVE_STREAM_MESSAGES.thumbnailRequired);
    expect(await refusal(PNG_1X1, { field: 'image' })).toBe(LIVE_STREAM_MESSAGES.thumbnailRequired);
    const json = await owner.client.post(`/api/streams/${id}/thumbnail`, { frame: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await h.storage.storage.head(streamThumbnailKey(id))).toBeUndefined();
    // The largest frame allowed is taken.
    expect((await sendFrame(owner.client, id, pngOfSize(STREAM_THUMBNAIL_MAX_BYTES))).statusCode).toBe(200);
  });

  it('not live: 404 unknown, 409 scheduled, 410 ended; an ended stream shows no thumbnail', async () => {
    const owner = await signedIn('notlive');
    expect((await sendFrame(owner.client, randomUUID(), PNG_1X1)).statusCode).toBe(404);
    const scheduled = await liveStreamOf(owner.client, {
      title: 'Later',
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const early = await sendFrame(owner.client, scheduled, PNG_1X1);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: LIVE_STREAM_MESSAGES.notYetLive });

    const id = await liveStreamOf(owner.client);
    expect((await sendFrame(owner.client, id, PNG_1X1)).statusCode).toBe(200);
    expect((await owner.client.post(`/api/streams/${id}/end`, {})).statusCode).toBe(200);
    const late = await sendFrame(owner.client, id, PNG_1X1);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ message: LIVE_STREAM_MESSAGES.alreadyEnded });
    const active = liveStreamList.parse((await owner.client.get('/api/streams/active')).json());
    expect(active.some((s) => s.id === id)).toBe(false);
    expect(liveStream.parse((await owner.client.get(`/api/streams/${id}`)).json().stream).thumbnailUrl).toBeNull();
  });

  it('a stream with no frame yet has no thumbnail (null, and its address answers 404)', async () => {
    const owner = await signedIn('noframe');
    const id = await liveStreamOf(owner.client);
    const stream = liveStream.parse((await owner.client.get(`/api/streams/${id}`)).json().stream);
    expect(stream.thumbnailUrl).toBeNull();
    const missing = await owner.client.get(`/api/streams/${id}/thumbnail`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('a replay from 0 rebuilds live_streams equal, thumbnails included', async () => {
    const { differences, rows } = await replayDifferences(h, liveStreamsProjection, ['live_streams']);
    expect(rows.live_streams).toBeGreaterThan(3);
    expect(differences).toEqual({ live_streams: 0 });
  });
});

describe("live streams' thumbnails with the workers: the default limit, and an ended stream's frame leaves the store", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      label: 'live_thumbs_workers',
      storage: true,
      workers: true,
      projections: [liveStreamsProjection],
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('3 frames a minute are taken, the 4th is 429 with Retry-After; once the stream ends its frame is deleted', async () => {
    const owner = await h.api.signedInUser(`limit_${randomUUID().slice(0, 8)}`);
    const client = h.client({ cookie: owner.cookie });
    const id = (await client.post('/api/streams/start', { title: 'Jam' })).json().stream.id as string;
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 4; i++) {
      const { payload, headers } = await frameForm(PNG_1X1);
      const r = await client.request({ method: 'POST', url: `/api/streams/${id}/thumbnail`, payload, headers });
      statuses.push(r.statusCode);
      retryAfter = r.headers['retry-after'];
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    expect(await h.storage.storage.head(streamThumbnailKey(id))).toBeDefined();
    expect((await client.post(`/api/streams/${id}/end`, {})).statusCode).toBe(200);
    // The workers' reactor follows the log: the frame goes soon after LiveStreamEnded.
    await expect
      .poll(() => h.storage.storage.head(streamThumbnailKey(id)), { timeout: 10_000, interval: 100 })
      .toBeUndefined();
  });
});
