import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { signPresignedPut } from './sign-put.ts';
import { UploadError } from './upload-errors.ts';
import { UPLOAD_RETRY_DELAYS_MS } from './retry.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const PRESIGNED = 'http://store.test/myworld-media/uploads/u1/abc.png?X-Amz-Signature=sig';
const put = { method: 'PUT', key: 'ignored-client-key', contentType: 'image/png' } as const;

describe("signing a small file's PUT", () => {
  it('asks POST /api/objects/upload and sends the file with its type', async () => {
    const fetch = stubFetch(() => json(200, { uploadURL: PRESIGNED }));
    expect(await signPresignedPut(put)).toEqual({ url: PRESIGNED, headers: { 'content-type': 'image/png' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/objects/upload');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('retries a passing failure after delays of 0, 1000, 3000, 5000 ms', async () => {
    expect(UPLOAD_RETRY_DELAYS_MS).toEqual([0, 1000, 3000, 5000]);
    vi.useFakeTimers();
    let calls = 0;
    stubFetch(() =>
      ++calls < 4 ? json(503, { error: 'unavailable', message: 'busy' }) : json(200, { uploadURL: PRESIGNED }),
    );
    const signed = signPresignedPut(put);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2); // the first retry follows at once
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(4);
    expect((await signed).url).toBe(PRESIGNED);
  });

  it('does not retry a refusal, and fails as the upload-URL step', async () => {
    const fetch = stubFetch(() => json(401, { error: 'unauthorized', message: 'Sign in first' }));
    const error = await signPresignedPut(put).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ step: 'upload-url', message: 'Authorization required' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('signs no multipart request (those go through the Companion routes)', async () => {
    await expect(signPresignedPut({ method: 'PUT', key: 'k', uploadId: 'u', partNumber: 1 })).rejects.toThrow(
      /whole-file PUTs only/,
    );
  });
});
