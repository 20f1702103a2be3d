import { ApiError } from '../../../lib/api-client.ts';
import { UPLOADER_MESSAGES as M } from '@myworld/schemas';

/** Which step of an upload failed: asking our server for an address, or sending the file. */
export type UploadStep = 'upload-url' | 'transfer';

/** An upload's failure in the words the uploader shows (the uploader's fixed messages). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly step: UploadStep,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UploadError';
  }
}

interface FailedAnswer {
  status: number;
  body: string;
}

/**
 * The status and body of a failed call, whichever client made it: our API client (ApiError), Uppy's
 * S3 client (S3ServiceError: status, body) or Uppy's XHR helper (NetworkError: request).
 */
function failedAnswer(error: unknown): FailedAnswer | undefined {
  if (error instanceof ApiError) return { status: error.status, body: error.bodyText };
  if (typeof error !== 'object' || error === null) return undefined;
  if ('status' in error && typeof error.status === 'number') {
    return { status: error.status, body: 'body' in error && typeof error.body === 'string' ? error.body : '' };
  }
  if ('request' in error && error.request instanceof XMLHttpRequest) {
    return { status: error.request.status, body: String(error.request.responseText ?? '') };
  }
  return undefined;
}

/** The words a refusal carries: our API's JSON `message`, or the object store's XML <Message>. */
function messageIn(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === 'object' &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message
    ) {
      return parsed.message;
    }
  } catch {
    // not JSON
  }
  return /<Message>([^<]+)<\/Message>/.exec(body)?.[1];
}

function describeStatus({ status, body }: FailedAnswer): string {
  if (status === 401) return M.authorizationRequired;
  if (status === 403 || status === 408) return M.requestExpired; // an expired presigned address answers 403
  if (status >= 400 && status < 500) return messageIn(body) ?? M.non2xx;
  return M.non2xx;
}

function isNetworkFailure(error: Error): boolean {
  return (
    ('isNetworkError' in error && error.isNetworkError === true) ||
    error.name === 'S3NetworkError' ||
    (error instanceof TypeError && /fetch|network/i.test(error.message))
  );
}

/**
 * The uploader's message for any failure of an upload: 401 asks for authorization, 403 and
 * timeouts say the request expired, another 4xx shows its own message, other answers "Non 2xx",
 * no answer at all is a network failure, anything else an unknown error.
 */
export function describeUploadError(error: unknown): string {
  if (error instanceof UploadError) return error.message;
  const answer = failedAnswer(error);
  if (answer && answer.status > 0) return describeStatus(answer);
  if (!(error instanceof Error)) return M.unknownError;
  if (error.name === 'TimeoutError') return M.requestExpired;
  if (isNetworkFailure(error) || answer?.status === 0) return M.networkFailed;
  // Uppy's Companion client keeps only the status text of a refused multipart call.
  const companion = /^Companion request failed: (.*)$/.exec(error.message);
  if (companion) {
    if (companion[1] === 'Unauthorized') return M.authorizationRequired;
    if (companion[1] === 'Forbidden') return M.requestExpired;
    return M.non2xx;
  }
  return M.unknownError;
}

/** `error` as an UploadError of `step` (unchanged if it already is one). */
export function toUploadError(error: unknown, step: UploadStep): UploadError {
  if (error instanceof UploadError) return error;
  return new UploadError(describeUploadError(error), step, { cause: error });
}
