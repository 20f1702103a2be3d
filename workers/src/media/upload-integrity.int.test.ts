import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mediaProjection, postsProjection, storiesProjection, usersProjection } from '@myworld/projections';
import { mediaStreamName, type Story } from '@myworld/schemas';
import { uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '@myworld/command-api/testing';

const jpeg = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg();

/** POST /api/stories' multipart body, as a browser's FormData sends it. */
async function storyForm(fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('media', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'story.jpg');
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/**
 * What is served and processed is what was checked: the server copies an upload where no browser
 * can write before checking it, a signed size binds the body's length, and no image is served with
 * the metadata its upload carried (EXIF, GPS).
 */
describe('upload integrity: no swap after the check, no oversize body, no EXIF served', () => {
  let h: Harness;
  let ada: SignedInUser;
  let asAda: TestClient;

  beforeAll(async () => {
    h = await startHarness({
      label: 'upload_integrity',
      storage: true,
      workers: true,
      projections: [mediaProjection, postsProjection, storiesProjection, usersProjection],
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  /** The bytes a visitor is served at `url`, once it is served (an original is served once processed). */
  const servedBytes = async (url: string): Promise<Buffer> => {
    await expect.poll(async () => (await h.client().get(url)).statusCode, { timeout: 30_000, interval: 250 }).toBe(200);
    return (await h.client().get(url)).rawPayload;
  };
  const put = (url: string, body: Buffer) =>
    fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/jpeg' } });

  it('a second PUT to the upload URL after attaching changes nothing that is served, and processing used the checked bytes', async () => {
    const checked = await jpeg(64, 48, '#ff0000').toBuffer();
    const swapped = await jpeg(640, 480, '#0000ff').toBuffer();
    const { uploadURL } = (await asAda.post('/api/objects/upload')).json() as { uploadURL: string };
    expect((await put(uploadURL, checked)).status).toBe(200);
    const set = await asAda.put('/api/profile/picture', { profileImageURL: uploadURL });
    expect(set.statusCode, set.body).toBe(200);
    // At once, before processing: the presigned URL still takes a body.
    expect((await put(uploadURL, swapped)).status).toBe(200);

    const objectPath = set.json().objectPath as string;
    const mediaId = objectPath.split('/')[3]!;
    expect(objectPath).toMatch(new RegExp(`^/objects/media/${mediaId}/original-[0-9a-f-]{36}$`));
    const uploadKey = h.api.services.storage.keyOfUrl(uploadURL)!;
    await expect
      .poll(async () => (await h.store.readStream(mediaStreamName(mediaId))).map((e) => e.type), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual(['MediaUploaded', 'MediaProcessed']);
    const [uploaded, processed] = await h.store.readStream(mediaStreamName(mediaId));
    const original = uploaded!.data as { key: string; size: number };
    expect(original).toMatchObject({ key: objectPath.slice('/objects/'.length), size: checked.length });
    // The recorded original holds the checked bytes; the processed image is the checked one (64 wide, red).
    const copy = await h.storage.storage.get(original.key);
    expect(Buffer.concat(await copy!.body.toArray())).toEqual(checked);
    const display = (processed!.data as { variants: { display: { key: string; width: number } } }).variants.display;
    expect(display.width).toBe(64);

    const served = await servedBytes(objectPath);
    expect(await sharp(served).metadata()).toMatchObject({ width: 64, height: 48 });
    expect(served).toEqual(await servedBytes(`/objects/${display.key}`));
    const { dominant } = await sharp(served).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
    // The upload URL's key is never served, whatever was PUT there.
    expect((await h.client().get(`/objects/${uploadKey}`)).statusCode).toBe(404);
  }, 60_000);

  it('a signed size binds the body: the store refuses any other length, and the API refuses a size over 500 MB', async () => {
    const body = await jpeg(32, 32, '#00ff00').toBuffer();
    const { uploadURL } = (await asAda.post('/api/objects/upload', { size: body.length })).json() as {
      uploadURL: string;
    };
    expect((await put(uploadURL, Buffer.concat([body, Buffer.alloc(4096)]))).ok).toBe(false);
    expect(await h.storage.storage.head(h.api.services.storage.keyOfUrl(uploadURL)!)).toBeUndefined();
    expect((await put(uploadURL, body)).status).toBe(200);

    const tooBig = await asAda.post('/api/objects/upload', { size: 501 * 1024 * 1024 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ field: 'size' });
    expect((await asAda.post('/api/objects/upload', { size: 'big' })).json()).toMatchObject({ field: 'size' });
  });

  it('an oversize body PUT after attaching is never served nor attached: the checked copy is', async () => {
    const checked = await jpeg(40, 30, '#ff0000').toBuffer();
    const { uploadURL } = (await asAda.post('/api/objects/upload')).json() as { uploadURL: string };
    expect((await put(uploadURL, checked)).status).toBe(200);
    const set = await asAda.put('/api/profile/background', { backgroundImageURL: uploadURL });
    expect(set.statusCode, set.body).toBe(200);
    expect((await put(uploadURL, Buffer.concat([checked, Buffer.alloc(6 * 1024 * 1024)]))).status).toBe(200);
    // Attaching the same address again answers the checked media object, not the new body.
    const again = await asAda.put('/api/profile/background', { backgroundImageURL: uploadURL });
    expect(again.json().objectPath).toBe(set.json().objectPath);
    expect(await sharp(await servedBytes(set.json().objectPath)).metadata()).toMatchObject({ width: 40, height: 30 });
  }, 60_000);

  it('a JPEG carrying EXIF text is served without it by every URL the API gives for it (picture, background, post photo, story)', async () => {
    const secret = `GPS-48.8584N-2.2945E-${Date.now()}`;
    const withExif = await jpeg(200, 150, '#884422')
      .withExif({ IFD0: { ImageDescription: secret, Copyright: secret } })
      .toBuffer();
    expect(withExif.includes(secret)).toBe(true);
    const upload = () => uploadToStore(asAda, withExif, 'image/jpeg');

    const urls: string[] = [];
    const picture = await asAda.put('/api/profile/picture', { profileImageURL: await upload() });
    const background = await asAda.put('/api/profile/background', { backgroundImageURL: await upload() });
    urls.push(picture.json().objectPath, background.json().objectPath);
    const me = (await asAda.get('/api/auth/user')).json() as { profileImageUrl: string; backgroundImageUrl: string };
    urls.push(me.profileImageUrl, me.backgroundImageUrl);
    const profile = (await asAda.get(`/api/users/${ada.userId}/profile`)).json() as {
      profileImageUrl?: string;
      backgroundImageUrl?: string;
    };
    for (const url of [profile.profileImageUrl, profile.backgroundImageUrl]) if (url) urls.push(url);
    const post = await asAda.post('/api/text-posts', { content: 'where I was', imageUrl: await upload() });
    expect(post.statusCode, post.body).toBe(201);
    urls.push(post.json().post.imageUrl);
    const { payload, headers } = await storyForm({ mediaType: 'image', content: 'here' }, withExif);
    const story = await asAda.post('/api/stories', payload, headers);
    expect(story.statusCode, story.body).toBe(201);
    urls.push((story.json().story as Story).mediaUrl!);
    await expect
      .poll(async () => ((await asAda.get('/api/stories')).json() as Story[]).map((s) => s.mediaUrl), {
        timeout: 30_000,
      })
      .not.toContain((story.json().story as Story).mediaUrl);
    for (const s of (await asAda.get('/api/stories')).json() as Story[]) if (s.mediaUrl) urls.push(s.mediaUrl);

    expect(urls.filter((u) => u?.startsWith('/objects/')).length).toBeGreaterThanOrEqual(7);
    for (const url of new Set(urls)) {
      const bytes = await servedBytes(url);
      expect(bytes.includes(secret), url).toBe(false);
      expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
    }
  }, 90_000);
});
