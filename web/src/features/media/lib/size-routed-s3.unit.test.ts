import { afterEach, describe, expect, it, vi } from 'vitest';
import Uppy, { type Body, type Meta } from '@uppy/core';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { fileOf, stubObjectStore } from '../testing/stub-object-store.ts';
import { signPresignedPut } from './sign-put.ts';
import { SizeRoutedS3 } from './size-routed-s3.ts';
import { COMPANION_ENDPOINT, multipartChunkSize } from './create-uploader.ts';

afterEach(() => vi.unstubAllGlobals());

const PRESIGNED = 'http://store.test/bucket/uploads/u1/small.png?X-Amz-Signature=sig';
const PART_URL = 'http://store.test/bucket/uploads/u1/big.mp4?partNumber=1&uploadId=up-1&X-Amz-Signature=sig';
const KEY = 'uploads/u1/big.mp4';

/** Our server: a presigned PUT for small files, Companion's multipart routes for large ones. */
function server() {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/objects/upload' && method === 'POST') return json(200, { uploadURL: PRESIGNED });
    if (url === '/api/uploads/s3/multipart' && method === 'POST') return json(200, { uploadId: 'up-1', key: KEY });
    if (url === `/api/uploads/s3/multipart/up-1/1?key=${encodeURIComponent(KEY)}`) return json(200, { url: PART_URL });
    if (url === `/api/uploads/s3/multipart/up-1/complete?key=${encodeURIComponent(KEY)}`) {
      return json(200, { location: 'http://store.test/bucket/uploads/u1/big.mp4' });
    }
    return json(404, { error: 'not_found', message: `${method} ${url}` });
  });
}

/** An Uppy whose multipart threshold is 10 bytes, so small test files exercise both ways. */
function uploader() {
  return new Uppy<Meta, Body>({ restrictions: { maxNumberOfFiles: 2 } }).use(SizeRoutedS3<Meta, Body>, {
    multipartThresholdBytes: 10,
    signPut: signPresignedPut,
    companionEndpoint: COMPANION_ENDPOINT,
    getChunkSize: multipartChunkSize,
    limit: 6,
  });
}

describe('SizeRoutedS3', () => {
  it('PUTs a small file to the address POST /api/objects/upload gave, and sends a large one in parts through /api/uploads', async () => {
    const fetch = server();
    const store = stubObjectStore();
    const uppy = uploader();
    uppy.addFile({ name: 'small.png', type: 'image/png', data: fileOf('small.png', 'image/png', 10) });
    uppy.addFile({ name: 'big.mp4', type: 'video/mp4', data: fileOf('big.mp4', 'video/mp4', 20) });

    const result = await uppy.upload();

    expect(result?.failed).toEqual([]);
    expect(result?.successful?.map((f) => [f.name, f.uploadURL])).toEqual([
      ['small.png', 'http://store.test/bucket/uploads/u1/small.png'],
      ['big.mp4', 'http://store.test/bucket/uploads/u1/big.mp4'],
    ]);
    expect(store.map((r) => [r.method, r.url])).toEqual([
      ['PUT', PRESIGNED],
      ['PUT', PART_URL],
    ]);
    const calls = fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(calls).toEqual([
      'POST /api/objects/upload',
      'POST /api/uploads/s3/multipart',
      `GET /api/uploads/s3/multipart/up-1/1?key=${encodeURIComponent(KEY)}`,
      `POST /api/uploads/s3/multipart/up-1/complete?key=${encodeURIComponent(KEY)}`,
    ]);
    const create = fetch.mock.calls[1]![1]!;
    expect(JSON.parse(String(create.body))).toMatchObject({ filename: 'big.mp4', type: 'video/mp4' });
    const complete = fetch.mock.calls[3]![1]!;
    // Uppy sends the ETag without the quotes the store put around it.
    expect(JSON.parse(String(complete.body))).toEqual({ parts: [{ PartNumber: 1, ETag: 'etag-1' }] });
    uppy.destroy();
  });
});
