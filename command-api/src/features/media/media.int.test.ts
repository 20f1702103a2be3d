import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMetadata } from '@myworld/eventstore/testing';
import { mediaProjection, usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { MULTIPART_MIN_PART_BYTES, mediaStreamName } from '@myworld/schemas';
import { PNG_1X1, pngOfSize, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { attachUpload } from './attach-upload.ts';
import { mediaIdOfStoredKey } from './upload-keys.ts';

// What the store's magic-byte check sees as an MP4, followed by padding.
const mp4OfSize = (bytes: number) =>
  Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'), randomBytes(bytes - 24)]);

describe('media: uploads to the real object store, attaching, serving', () => {
  let h: Harness;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let asAlice: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    // The workers process uploads: an original is served as its processed variant.
    h = await startHarness({
      label: 'media',
      storage: true,
      workers: true,
      projections: [mediaProjection, usersProjection],
    });
    alice = await h.api.signedInUser(`alice_${Date.now()}`);
    bob = await h.api.signedInUser(`bob_${Date.now()}`);
    asAlice = h.client({ cookie: alice.cookie });
    asBob = h.client({ cookie: bob.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const upload = (client: TestClient, body: Buffer) => uploadToStore(client, body, 'image/png');
  const keyOf = (objectPath: string) => objectPath.replace(/^\/objects\//, '');

  it('visitors may not upload (401 on every upload call); serving is open but only for attached media', async () => {
    const visitor = h.client();
    for (const [method, url] of [
      ['POST', '/api/objects/upload'],
      ['POST', '/api/objects/normalize-path'],
      ['POST', '/api/uploads/s3/multipart'],
      ['GET', '/api/uploads/s3/multipart/x/1?key=uploads/x/y'],
      ['GET', '/api/uploads/s3/multipart/x?key=uploads/x/y'],
      ['POST', '/api/uploads/s3/multipart/x/complete?key=uploads/x/y'],
      ['DELETE', '/api/uploads/s3/multipart/x?key=uploads/x/y'],
      ['PUT', '/api/profile/picture'],
      ['PUT', '/api/profile/background'],
      ['PUT', '/api/profile/customize'],
    ] as const) {
      expect((await visitor.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
    const uploadURL = await upload(asAlice, PNG_1X1);
    const { objectPath } = (await asAlice.post('/api/objects/normalize-path', { uploadURL })).json() as {
      objectPath: string;
    };
    expect(objectPath).toMatch(new RegExp(`^/objects/uploads/${alice.userId}/[0-9a-f-]{36}$`));
    // Uploaded but attached to nothing: private.
    expect((await visitor.get(objectPath)).statusCode).toBe(404);
    expect((await asAlice.get(objectPath)).statusCode).toBe(404);
  });

  it("normalize-path answers the objectPath of the caller's own upload only", async () => {
    const uploadURL = await upload(asAlice, PNG_1X1);
    expect((await asBob.post('/api/objects/normalize-path', { uploadURL })).json()).toMatchObject({
      error: 'foreign_upload',
      field: 'uploadURL',
    });
    expect(
      (
        await asAlice.post('/api/objects/normalize-path', { uploadURL: 'https://elsewhere.example/bucket/uploads/x' })
      ).json(),
    ).toMatchObject({ field: 'uploadURL' });
    expect((await asAlice.post('/api/objects/normalize-path', { uploadURL: '' })).statusCode).toBe(400);
  });

  it('a profile picture is checked, recorded as media (a copy no browser can write), set on the user and served as its processed variant with type, ETag, caching and Range', async () => {
    const uploadURL = await upload(asAlice, PNG_1X1);
    const set = await asAlice.put('/api/profile/picture', { profileImageURL: uploadURL });
    expect(set.statusCode).toBe(200);
    const { objectPath } = set.json() as { objectPath: string };
    const mediaId = mediaIdOfStoredKey(keyOf(objectPath))!;
    expect(objectPath).toMatch(new RegExp(`^/objects/media/${mediaId}/original-[0-9a-f-]{36}$`));
    expect((await asAlice.get('/api/auth/user')).json()).toMatchObject({ profileImageUrl: objectPath });
    // The upload itself is gone: only the checked copy is kept.
    expect(await h.storage.storage.head(h.api.services.storage.keyOfUrl(uploadURL)!)).toBeUndefined();

    const stream = mediaStreamName(mediaId);
    expect((await h.store.readStream(stream)).map((e) => [e.type, e.data])[0]).toEqual([
      'MediaUploaded',
      expect.objectContaining({
        ownerId: alice.userId,
        key: keyOf(objectPath),
        purpose: 'profile_picture',
        kind: 'image',
        contentType: 'image/png',
        size: PNG_1X1.length,
      }),
    ]);
    await expect
      .poll(async () => (await h.store.readStream(stream)).map((e) => e.type), { timeout: 30_000, interval: 250 })
      .toEqual(['MediaUploaded', 'MediaProcessed']);
    const display = (
      (await h.store.readStream(stream))[1]!.data as { variants: { display: { key: string; size: number } } }
    ).variants.display;

    const served = await h.client().get(objectPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=300, must-revalidate',
      'x-content-type-options': 'nosniff',
    });
    expect(served.rawPayload).toEqual((await h.client().get(`/objects/${display.key}`)).rawPayload);
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await h.client().get(objectPath, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await h.client().get(objectPath, { range: 'bytes=1-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${display.size}`);
    expect(part.rawPayload).toEqual(served.rawPayload.subarray(1, 4));

    // Attaching the same upload, or its objectPath, again is the same media object: no new event.
    expect((await asAlice.put('/api/profile/picture', { profileImageURL: objectPath })).json()).toMatchObject({
      objectPath,
      position: null,
    });
    expect((await asAlice.put('/api/profile/picture', { profileImageURL: uploadURL })).json()).toMatchObject({
      objectPath,
      position: null,
    });
    expect(await h.store.readStream(stream)).toHaveLength(2);
  }, 60_000);

  it('refuses a wrong type and an oversized file with a 400 naming the field, and deletes the object', async () => {
    const text = await upload(asAlice, Buffer.from('definitely not an image, whatever the name says'));
    const wrong = await asAlice.put('/api/profile/picture', { profileImageURL: text });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'unsupported_type',
      field: 'profileImageURL',
      message: 'A profile picture must be a JPEG, PNG, WebP, GIF or AVIF image',
    });
    expect(await h.storage.storage.head(h.api.services.storage.keyOfUrl(text)!)).toBeUndefined();

    const big = await upload(asAlice, pngOfSize(6 * 1024 * 1024));
    const tooBig = await asAlice.put('/api/profile/background', { backgroundImageURL: big });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({
      error: 'file_too_large',
      field: 'backgroundImageURL',
      message: 'A custom background may be at most 5 MB; this file is 6 MB',
    });
    expect(await h.storage.storage.head(h.api.services.storage.keyOfUrl(big)!)).toBeUndefined();

    // The same 6 MB image is fine as a profile picture (10 MB).
    const picture = await upload(asAlice, pngOfSize(6 * 1024 * 1024));
    expect((await asAlice.put('/api/profile/picture', { profileImageURL: picture })).statusCode).toBe(200);
  }, 30_000);

  it("refuses someone else's upload (400) and leaves it alone", async () => {
    const alices = await upload(asAlice, PNG_1X1);
    const taken = await asBob.put('/api/profile/picture', { profileImageURL: alices });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      error: 'foreign_upload',
      field: 'profileImageURL',
      message: 'This upload does not belong to you',
    });
    expect(await h.storage.storage.head(h.api.services.storage.keyOfUrl(alices)!)).toMatchObject({
      size: PNG_1X1.length,
    });
    const path = (await asAlice.post('/api/objects/normalize-path', { uploadURL: alices })).json().objectPath as string;
    expect((await asBob.put('/api/profile/customize', { profileImageUrl: path })).json()).toMatchObject({
      error: 'foreign_upload',
      field: 'profileImageUrl',
    });
  });

  it('customize: colours, About Me, a safe gradient or an own image; anything else is a 400 naming the field', async () => {
    const gradient = 'linear-gradient(135deg, #667eea 0%, #764ba2 100%)';
    const saved = await asBob.put('/api/profile/customize', {
      backgroundColor: '#112233',
      textColor: '#fafafa',
      aboutMe: 'Hello there',
      backgroundImageUrl: gradient,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      backgroundColor: '#112233',
      textColor: '#fafafa',
      aboutMe: 'Hello there',
      backgroundImageUrl: gradient,
      profileImageUrl: null,
      position: expect.any(String),
    });
    expect((await asBob.get('/api/auth/user')).json()).toMatchObject({
      backgroundColor: '#112233',
      textColor: '#fafafa',
      aboutMe: 'Hello there',
      backgroundImageUrl: gradient,
    });
    // Nothing changed: nothing recorded.
    expect((await asBob.put('/api/profile/customize', { aboutMe: 'Hello there' })).json()).toMatchObject({
      position: null,
    });

    for (const [body, field] of [
      [{ backgroundImageUrl: 'url(https://evil.example/x.png)' }, 'backgroundImageUrl'],
      [{ backgroundImageUrl: 'linear-gradient(#fff, #000); background: red' }, 'backgroundImageUrl'],
      [{ backgroundImageUrl: 'https://evil.example/x.png' }, 'backgroundImageUrl'],
      [{ backgroundColor: 'red' }, 'backgroundColor'],
      [{ textColor: '#12345' }, 'textColor'],
      [{ aboutMe: 'x'.repeat(501) }, 'aboutMe'],
      [{ profileImageUrl: 'https://evil.example/me.png' }, 'profileImageUrl'],
      [{ unknownField: 1 }, ''],
    ] as const) {
      const r = await asBob.put('/api/profile/customize', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(r.json(), JSON.stringify(body)).toMatchObject({ field });
    }
    expect((await asBob.put('/api/profile/customize', { aboutMe: 'x'.repeat(500) })).statusCode).toBe(200);

    // An own uploaded background, then cleared with null.
    const upload1 = await upload(asBob, PNG_1X1);
    const path = (await asBob.post('/api/objects/normalize-path', { uploadURL: upload1 })).json().objectPath as string;
    const stored = (await asBob.put('/api/profile/customize', { backgroundImageUrl: path })).json()
      .backgroundImageUrl as string;
    expect(stored).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/original-[0-9a-f-]{36}$/);
    // Sending the stored value back (as the Customize modal does) keeps it.
    expect(
      (await asBob.put('/api/profile/customize', { backgroundImageUrl: stored, aboutMe: 'again' })).json(),
    ).toMatchObject({ backgroundImageUrl: stored });
    expect(
      (await asBob.put('/api/profile/customize', { backgroundImageUrl: null, backgroundColor: null })).json(),
    ).toMatchObject({ backgroundImageUrl: null, backgroundColor: null });
    expect((await asBob.get('/api/auth/user')).json()).toMatchObject({
      backgroundImageUrl: null,
      backgroundColor: '#ffffff',
    });
  });

  it('an Idempotency-Key replays the stored outcome; the same key with another body is 422', async () => {
    const key = `customize-${randomBytes(6).toString('hex')}`;
    const first = await asAlice.put('/api/profile/customize', { aboutMe: 'first' }, { 'idempotency-key': key });
    const again = await asAlice.put('/api/profile/customize', { aboutMe: 'first' }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().position).toBe(first.json().position);
    expect(
      (await asAlice.put('/api/profile/customize', { aboutMe: 'second' }, { 'idempotency-key': key })).statusCode,
    ).toBe(422);
  });

  it("multipart on Uppy's routes: create, sign, list, complete; abort; only the caller's own uploads", async () => {
    const created = await asAlice.post('/api/uploads/s3/multipart', {
      filename: 'clip.mp4',
      type: 'video/mp4',
      metadata: { name: 'clip.mp4' },
    });
    expect(created.statusCode).toBe(200);
    const { uploadId, key } = created.json() as { uploadId: string; key: string };
    expect(key).toMatch(new RegExp(`^uploads/${alice.userId}/[0-9a-f-]{36}\\.mp4$`));
    const q = `?key=${encodeURIComponent(key)}`;
    const base = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
    const parts = [mp4OfSize(MULTIPART_MIN_PART_BYTES), randomBytes(1000)];
    const etags: string[] = [];
    for (const [i, body] of parts.entries()) {
      const signed = await asAlice.get(`${base}/${i + 1}${q}`);
      expect(signed.statusCode).toBe(200);
      const put = await fetch((signed.json() as { url: string }).url, { method: 'PUT', body });
      expect(put.status).toBe(200);
      etags.push(put.headers.get('etag')!);
    }
    expect((await asAlice.get(`${base}${q}`)).json()).toEqual([
      { PartNumber: 1, ETag: etags[0], Size: parts[0]!.length },
      { PartNumber: 2, ETag: etags[1], Size: parts[1]!.length },
    ]);
    // Someone else may not sign, list, complete or abort it.
    for (const call of [
      asBob.get(`${base}/3${q}`),
      asBob.get(`${base}${q}`),
      asBob.post(`${base}/complete${q}`, { parts: [{ PartNumber: 1, ETag: etags[0] }] }),
      asBob.delete(`${base}${q}`),
    ]) {
      expect((await call).statusCode).toBe(403);
    }
    expect((await asAlice.get(`${base}/0${q}`)).json()).toMatchObject({ field: 'partNumber' });
    const done = await asAlice.post(`${base}/complete${q}`, {
      parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
    });
    expect(done.statusCode).toBe(200);
    const { location } = done.json() as { location: string };
    expect(h.api.services.storage.keyOfUrl(location)).toBe(key);
    expect(await h.storage.storage.head(key)).toMatchObject({ size: parts[0]!.length + parts[1]!.length });

    // A video attached by a feature is recorded as a copy no browser can write; its original bytes
    // are never served (only its processed MP4, which these random bytes never become).
    const attached = await attachUpload(h.api.services as never, {
      ownerId: alice.userId,
      address: location,
      purpose: 'video',
      field: 'video',
      context: { metadata: { ...testMetadata(), actorId: alice.userId } },
    });
    expect(attached.key).toMatch(/^media\/[0-9a-f-]{36}\/original-[0-9a-f-]{36}\.mp4$/);
    expect(await h.storage.storage.head(attached.key)).toMatchObject({ size: parts[0]!.length + parts[1]!.length });
    expect(
      (await h.client().get(attached.objectPath, { range: `bytes=${MULTIPART_MIN_PART_BYTES - 10}-` })).statusCode,
    ).toBe(404);

    const other = (
      await asAlice.post('/api/uploads/s3/multipart', { filename: 'big.mov', type: 'video/quicktime' })
    ).json() as { uploadId: string; key: string };
    const otherBase = `/api/uploads/s3/multipart/${encodeURIComponent(other.uploadId)}`;
    const otherQ = `?key=${encodeURIComponent(other.key)}`;
    await fetch((await asAlice.get(`${otherBase}/1${otherQ}`)).json().url, { method: 'PUT', body: randomBytes(100) });
    expect((await asAlice.delete(`${otherBase}${otherQ}`)).statusCode).toBe(200);
    expect((await asAlice.get(`${otherBase}${otherQ}`)).statusCode).toBe(404);
    expect(
      (await asAlice.post(`${otherBase}/complete${otherQ}`, { parts: [{ PartNumber: 1, ETag: 'x' }] })).statusCode,
    ).toBe(404);
  }, 60_000);

  it('a replay from 0 rebuilds the media and users read models equal to the live ones', async () => {
    for (const [projection, tables] of [
      [mediaProjection, ['media', 'media_files']],
      [usersProjection, ['users']],
    ] as const) {
      const { differences, rows } = await replayDifferences(h, projection, tables);
      expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
      expect(rows[tables[0]]).toBeGreaterThan(1);
    }
  });
});
