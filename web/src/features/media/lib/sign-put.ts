import type { AwsS3Options } from '@uppy/aws-s3';
import type { Body, Meta } from '@uppy/core';
import { ApiError } from '../../../lib/api-client.ts';
import { requestUploadUrl } from '../api/request-upload-url.ts';
import { isRetriableStatus, withRetries } from './retry.ts';
import { toUploadError } from './upload-errors.ts';

/** @uppy/aws-s3's signer: called once per request it is about to send to the object store. */
export type SignRequest = Extract<AwsS3Options<Meta, Body>, { signRequest: unknown }>['signRequest'];
type S3Request = Parameters<SignRequest>[0];
type Presigned = Awaited<ReturnType<SignRequest>>;

/** A failed call to our server is worth another try when it never got an answer or got a passing one. */
function mayPass(error: unknown): boolean {
  if (error instanceof ApiError) return isRetriableStatus(error.status);
  return error instanceof TypeError; // fetch's network failure
}

/**
 * The one request small files make to the object store, a PUT of the whole file, signed by our
 * server (POST /api/objects/upload, retried after 0, 1, 3 and 5 s). The file goes with its own
 * Content-Type. The object's key is the server's; the one Uppy proposes is not used. The file's
 * `size`, when given, is signed in: the store refuses a body of any other length.
 */
export async function signPresignedPut(request: S3Request, size?: number): Promise<Presigned> {
  if (request.method !== 'PUT' || 'uploadId' in request) {
    // Multipart requests go through the server's Companion routes, never through this signer.
    throw new Error('signPresignedPut signs whole-file PUTs only');
  }
  try {
    const url = await withRetries(() => requestUploadUrl(size), mayPass);
    return { url, headers: request.contentType ? { 'content-type': request.contentType } : {} };
  } catch (error) {
    throw toUploadError(error, 'upload-url');
  }
}
