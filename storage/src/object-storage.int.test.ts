import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_MIN_PART_BYTES } from '@myworld/schemas';
import { openTestStorage, type TestStorage } from './testing/index.ts';
import type { ObjectStorage } from './object-storage.ts';

/** Reads a stream to one buffer. */
async function bytesOf(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('object storage against the real store (local Swift with S3 unless S3_ENDPOINT says otherwise)', () => {
  let t: TestStorage;
  let storage: ObjectStorage;

  beforeAll(async () => {
    t = await openTestStorage('object-storage');
    storage = t.storage;
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('a browser PUTs to a presigned address; the server reads size, first bytes and ranges back', async () => {
    const key = `uploads/u1/${randomBytes(8).toString('hex')}`;
    const url = await storage.presignPut(key);
    expect(storage.keyOfUrl(url)).toBe(key);
    const content = randomBytes(10_000);
    const put = await fetch(url, { method: 'PUT', body: content, headers: { origin: 'http://127.0.0.1:3000' } });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBeTruthy();

    expect(await storage.head(key)).toMatchObject({ key, size: 10_000 });
    expect(Buffer.from((await storage.readStart(key, 16))!)).toEqual(content.subarray(0, 16));
    const range = (await storage.get(key, 'bytes=100-199'))!;
    expect(range).toMatchObject({ status: 206, contentLength: 100, size: 10_000, contentRange: 'bytes 100-199/10000' });
    expect(await bytesOf(range.body)).toEqual(content.subarray(100, 200));
    expect((await storage.get(key))!).toMatchObject({ status: 200, contentLength: 10_000 });

    await storage.delete(key);
    expect(await storage.head(key)).toBeUndefined();
    expect(await storage.get(key)).toBeUndefined();
    // Deleting what is gone is fine.
    await storage.delete(key);
  });

  it('a presigned address refuses a changed key and an expired signature', async () => {
    const key = `uploads/u1/${randomBytes(8).toString('hex')}`;
    const url = new URL(await storage.presignPut(key));
    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace(key, `${key}-other`);
    expect((await fetch(tampered, { method: 'PUT', body: 'x' })).status).toBe(403);
    const expired = await storage.presignPut(`${key}-expired`, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(expired, { method: 'PUT', body: 'x' })).status).toBe(403);
  });

  it('only addresses of this bucket on the public endpoint name a key', () => {
    const base = `${t.config.S3_ENDPOINT}/${t.config.S3_BUCKET}`;
    expect(storage.keyOfUrl(`${base}/uploads/u1/a%20b?X-Amz-Signature=x`)).toBe('uploads/u1/a b');
    expect(storage.keyOfUrl(`${t.config.S3_ENDPOINT}/another-bucket/uploads/u1/x`)).toBeUndefined();
    expect(storage.keyOfUrl('https://evil.example/myworld-media/uploads/u1/x')).toBeUndefined();
    expect(storage.keyOfUrl('not a url')).toBeUndefined();
    expect(storage.keyOfUrl(`${base}/`)).toBeUndefined();
  });

  it('multipart: create, presigned parts, list, complete; and abort frees an unfinished one', async () => {
    const key = `uploads/u1/${randomBytes(8).toString('hex')}.bin`;
    const uploadId = await storage.createMultipart(key, 'application/octet-stream');
    const first = randomBytes(MULTIPART_MIN_PART_BYTES);
    const second = randomBytes(1234);
    const etags: string[] = [];
    for (const [i, part] of [first, second].entries()) {
      const url = await storage.presignPart(key, uploadId, i + 1);
      const r = await fetch(url, { method: 'PUT', body: part });
      expect(r.status).toBe(200);
      etags.push(r.headers.get('etag')!);
    }
    expect(await storage.listParts(key, uploadId)).toEqual([
      { PartNumber: 1, ETag: etags[0], Size: first.length },
      { PartNumber: 2, ETag: etags[1], Size: second.length },
    ]);
    expect(
      await storage.completeMultipart(key, uploadId, [
        { PartNumber: 2, ETag: etags[1]! },
        { PartNumber: 1, ETag: etags[0]! },
      ]),
    ).toContain(key);
    expect(await storage.head(key)).toMatchObject({ size: first.length + second.length });
    expect(await bytesOf((await storage.get(key, `bytes=${first.length - 2}-${first.length + 1}`))!.body)).toEqual(
      Buffer.concat([first.subarray(-2), second.subarray(0, 2)]),
    );

    const abandoned = `uploads/u1/${randomBytes(8).toString('hex')}.bin`;
    const abandonedId = await storage.createMultipart(abandoned, 'video/mp4');
    await fetch(await storage.presignPart(abandoned, abandonedId, 1), { method: 'PUT', body: randomBytes(100) });
    await storage.abortMultipart(abandoned, abandonedId);
    expect(await storage.listParts(abandoned, abandonedId)).toBeUndefined();
    expect(await storage.completeMultipart(abandoned, abandonedId, [{ PartNumber: 1, ETag: 'x' }])).toBeUndefined();
    await storage.abortMultipart(abandoned, abandonedId);
  }, 30_000);

  it('lists objects under a prefix', async () => {
    const prefix = `uploads/lister-${randomBytes(4).toString('hex')}/`;
    for (const name of ['a', 'b', 'c']) await storage.put(`${prefix}${name}`, Buffer.from(name), 'text/plain');
    const listed = [];
    for await (const o of storage.list(prefix)) listed.push(o.key);
    expect(listed).toEqual(['a', 'b', 'c'].map((n) => `${prefix}${n}`));
  });

  it('lets a browser page on another origin PUT (CORS preflight)', async () => {
    const url = await storage.presignPut(`uploads/u1/${randomBytes(8).toString('hex')}`);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/127\.0\.0\.1:3000)$/);
    expect(preflight.headers.get('access-control-allow-methods') ?? '').toContain('PUT');
  });
});
