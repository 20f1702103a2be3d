import { describe, expect, it } from 'vitest';
import { NetworkError } from '@uppy/core/utils';
import { ApiError } from '../../../lib/api-client.ts';
import { describeUploadError, toUploadError, UploadError } from './upload-errors.ts';

/** An error as Uppy's S3 client throws for an answer of `status`. */
const s3Refusal = (status: number, body = '') =>
  Object.assign(new Error(`S3 returned ${status}`), { name: 'S3ServiceError', status, body });

describe('uploader messages', () => {
  it('401 means authorization required', () => {
    expect(describeUploadError(new ApiError(401, '{"error":"unauthorized","message":"x"}', 'Unauthorized'))).toBe(
      'Authorization required',
    );
    expect(describeUploadError(s3Refusal(401))).toBe('Authorization required');
  });

  it('403 or a timeout says "Request has expired"', () => {
    expect(
      describeUploadError(s3Refusal(403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>')),
    ).toBe('Request has expired');
    expect(describeUploadError(new DOMException('timed out', 'TimeoutError'))).toBe('Request has expired');
  });

  it('another 4xx shows the message it carries, from our API or from the store', () => {
    expect(
      describeUploadError(new ApiError(400, '{"error":"invalid","message":"filename is required"}', 'Bad Request')),
    ).toBe('filename is required');
    expect(
      describeUploadError(
        s3Refusal(400, '<Error><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>'),
      ),
    ).toBe('Your proposed upload exceeds the maximum allowed size');
  });

  it('an answer without a message, or a server error, is "Non 2xx"', () => {
    expect(describeUploadError(new ApiError(404, '', 'Not Found'))).toBe('Non 2xx');
    expect(describeUploadError(s3Refusal(500))).toBe('Non 2xx');
    expect(describeUploadError(new Error('Companion request failed: Bad Gateway'))).toBe('Non 2xx');
  });

  it('no answer at all is a network failure; anything else an unknown error', () => {
    expect(describeUploadError(new NetworkError('offline'))).toMatch(/network error/);
    expect(describeUploadError(new TypeError('Failed to fetch'))).toMatch(/network error/);
    expect(describeUploadError(new Error('something odd'))).toBe('Unknown error');
    expect(describeUploadError('a string')).toBe('Unknown error');
  });

  it('keeps an UploadError as it is, with the step that failed', () => {
    const first = new UploadError('Authorization required', 'upload-url');
    expect(toUploadError(first, 'transfer')).toBe(first);
    const wrapped = toUploadError(s3Refusal(403), 'transfer');
    expect([wrapped.message, wrapped.step]).toEqual(['Request has expired', 'transfer']);
  });
});
