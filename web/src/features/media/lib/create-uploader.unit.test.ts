import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestrictionError } from '@uppy/core';
import { MEDIA_MAX_BYTES } from '@myworld/schemas';
import { createUploader, multipartChunkSize, type MediaUppy } from './create-uploader.ts';
import { UPLOAD_RESTRICTIONS } from './upload-purposes.ts';
import { fileOf } from '../testing/stub-object-store.ts';

const MB = 1024 * 1024;
let uppy: MediaUppy | undefined;

afterEach(() => {
  uppy?.destroy();
  uppy = undefined;
  vi.unstubAllGlobals();
});

/** What Uppy says when `file` is added to an uploader for `purpose` (undefined when it is taken). */
function refusal(purpose: Parameters<typeof createUploader>[0], ...files: File[]): string | undefined {
  uppy = createUploader(purpose);
  // Taken files would start uploading at once; nothing here should reach the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  try {
    for (const data of files) uppy.addFile({ name: data.name, type: data.type, data });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(RestrictionError);
    return (error as Error).message;
  }
}

describe('uploader restrictions per use', () => {
  it('are: picture 1 image ≤ 10 MB, custom background 1 image ≤ 5 MB, background tab 10 MB, default 1 file ≤ 500 MB', () => {
    expect(UPLOAD_RESTRICTIONS.profilePicture).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 10485760,
      allowedFileTypes: ['image/*'],
    });
    expect(UPLOAD_RESTRICTIONS.profileBackground).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 5242880,
      allowedFileTypes: ['image/*'],
    });
    expect(UPLOAD_RESTRICTIONS.backgroundTabImage).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 10485760,
      allowedFileTypes: ['image/*'],
    });
    expect(UPLOAD_RESTRICTIONS.default).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 524288000,
      allowedFileTypes: null,
      minFileSize: null,
      maxTotalFileSize: null,
    });
  });

  it("posts: a text post takes 1 image ≤ 10 MB, a short video 1 video of any type up to the server's video limit", () => {
    expect(UPLOAD_RESTRICTIONS.postPhoto).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 10485760,
      allowedFileTypes: ['image/*'],
    });
    expect(UPLOAD_RESTRICTIONS.video).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: MEDIA_MAX_BYTES.video,
      allowedFileTypes: ['video/*'],
    });
    expect(refusal('video', fileOf('clip.webm', 'video/webm', 10))).toBeUndefined();
    uppy?.destroy();
    expect(refusal('video', fileOf('me.png', 'image/png', 10))).toBe('You can only upload: video/*');
    uppy?.destroy();
    expect(refusal('postPhoto', fileOf('me.png', 'image/png', 11 * MB))).toBe(
      'me.png exceeds maximum allowed size of 10 MB',
    );
  });

  it('refuses a 6 MB custom background with "exceeds maximum allowed size"', () => {
    expect(refusal('profileBackground', fileOf('beach.jpg', 'image/jpeg', 6 * MB))).toBe(
      'beach.jpg exceeds maximum allowed size of 5 MB',
    );
  });

  it('takes a 6 MB profile picture but refuses an 11 MB one', () => {
    expect(refusal('profilePicture', fileOf('me.png', 'image/png', 6 * MB))).toBeUndefined();
    uppy?.destroy();
    expect(refusal('profilePicture', fileOf('me.png', 'image/png', 11 * MB))).toBe(
      'me.png exceeds maximum allowed size of 10 MB',
    );
  });

  it('takes images only for the profile and says which types it takes', () => {
    expect(refusal('profilePicture', fileOf('notes.txt', 'text/plain', 10))).toBe('You can only upload: image/*');
  });

  it('takes one file at a time', () => {
    expect(refusal('profileBackground', fileOf('a.jpg', 'image/jpeg', 10), fileOf('b.jpg', 'image/jpeg', 10))).toBe(
      'You can only upload 1 file',
    );
  });

  it('refuses a file above 500 MB by default', () => {
    // A size-only stand-in: 501 MB of real bytes is not needed to check the limit.
    uppy = createUploader('default');
    const big = { name: 'film.mp4', type: 'video/mp4', size: 501 * MB, extension: 'mp4' };
    expect(uppy.validateSingleFile(big)).toBe('film.mp4 exceeds maximum allowed size of 500 MB');
    expect(uppy.validateSingleFile({ ...big, size: 499 * MB })).toBeNull();
  });
});

describe('multipart parts', () => {
  it('are at least 5 MB and never more than 10,000', () => {
    expect(multipartChunkSize({ size: 200 * MB })).toBe(5 * MB);
    expect(multipartChunkSize({ size: 100_000 * MB })).toBe(10 * MB);
  });
});
