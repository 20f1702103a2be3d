/** Why an SFU call failed; the gateway maps these to client-facing errors. */
export type SfuErrorCode =
  | 'stream-not-found'
  | 'peer-not-found'
  | 'transport-not-found'
  | 'consumer-not-found'
  | 'cannot-consume'
  | 'no-live-worker'
  | 'closed';

export class SfuError extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SfuError';
  }
}
