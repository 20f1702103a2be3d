import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStorage, type TestStorage } from './testing/index.ts';

const MB = 1024 * 1024;

/** `total` bytes in chunks of 64 KB, as a form's file part arrives; `fail` throws after that many bytes. */
async function* chunksOf(content: Buffer, fail?: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < content.length; at += 64 * 1024) {
    if (fail !== undefined && at >= fail) throw new Error('the sender went away');
    yield content.subarray(at, at + 64 * 1024);
  }
}

async function bytesOf(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('ObjectStorage.putStream: a stream of unknown length, stored without holding it in memory', () => {
  let t: TestStorage;
  beforeAll(async () => {
    t = await openTestStorage('put-stream');
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('a small stream is one PUT; one above the part size a multipart upload; both read back equal', async () => {
    for (const length of [1_000, 9 * MB + 123]) {
      const key = `uploads/u1/${randomBytes(8).toString('hex')}`;
      const content = randomBytes(length);
      expect(await t.storage.putStream(key, chunksOf(content), 'application/octet-stream')).toEqual({ size: length });
      expect(await t.storage.head(key)).toMatchObject({ size: length });
      expect((await bytesOf((await t.storage.get(key))!.body)).equals(content)).toBe(true);
    }
    // No unfinished multipart upload is left behind.
    const unfinished = [];
    for await (const u of t.storage.listMultipartUploads('uploads/')) unfinished.push(u);
    expect(unfinished).toEqual([]);
  }, 60_000);

  it('a stream that fails (before or after the first part) stores nothing and leaves no unfinished upload', async () => {
    for (const failAt of [MB, 9 * MB]) {
      const key = `uploads/u2/${randomBytes(8).toString('hex')}`;
      await expect(
        t.storage.putStream(key, chunksOf(randomBytes(12 * MB), failAt), 'application/octet-stream'),
      ).rejects.toThrow('the sender went away');
      expect(await t.storage.head(key)).toBeUndefined();
    }
    const unfinished = [];
    for await (const u of t.storage.listMultipartUploads('uploads/u2/')) unfinished.push(u);
    expect(unfinished).toEqual([]);
  }, 60_000);
});
