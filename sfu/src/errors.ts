/** Why an SFU call failed; the gateway maps these to client-facing errors. */
export type SfuErrorCode =
  | 'stream-not-found'
  | 'peer-not-found'
  | 'transport-not-found'
  | 'consumer-not-found'
  | 'cannot-consume'
  | 'limit-exceeded'
  | 'no-live-worker'
  | 'at-capacity'
  | 'closed';

/** Which per-peer limit a 'limit-exceeded' error hit, and its maximum. */
export type SfuLimit = {
  name: 'send-transports' | 'recv-transports' | 'producers' | 'consumers';
  max: number;
};

export class SfuError extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
    /** Set when code is 'limit-exceeded'. */
    readonly limit?: SfuLimit,
  ) {
    super(message);
    this.name = 'SfuError';
  }
}
