/**
 * Why a media file could not be turned into its variants. `reason` is written for people (a log
 * line, a failed-upload event); `retryable` tells the job whether another attempt can succeed:
 * a timeout or a crashed ffmpeg can, a file that does not decode never will.
 */
export type MediaFailureCode =
  /** The file is not an image/video we can decode (corrupt, truncated, wrong type). */
  | 'unreadable'
  /** The file decodes but is over a limit (pixel count, no video stream). */
  | 'refused'
  /** The tool ran longer than its time limit and was killed. */
  | 'timeout'
  /** The tool crashed, was killed, could not start, or failed writing its output. */
  | 'tool_failed';

export class MediaProcessingError extends Error {
  override readonly name = 'MediaProcessingError';
  readonly code: MediaFailureCode;
  reason: string;
  readonly retryable: boolean;

  constructor(code: MediaFailureCode, reason: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(reason, { cause: options.cause });
    this.code = code;
    this.reason = reason;
    this.retryable = options.retryable ?? (code === 'timeout' || code === 'tool_failed');
  }
}
