import type { CurrentStreamState } from '@kurrent/kurrentdb-client';

/*
 * The client's errors are recognised by their `type` tag rather than instanceof: reads go
 * through a native bridge and appends through gRPC, and both set the tag (ErrorType in the client).
 */
const WRONG_EXPECTED_VERSION = 'wrong-expected-version';
const STREAM_NOT_FOUND = 'stream-not-found';

interface ClientWrongExpectedVersion {
  type: typeof WRONG_EXPECTED_VERSION;
  actualState?: CurrentStreamState;
}

export function isClientWrongExpectedVersion(error: unknown): error is ClientWrongExpectedVersion {
  return typeTag(error) === WRONG_EXPECTED_VERSION;
}

export function isStreamNotFound(error: unknown): boolean {
  return typeTag(error) === STREAM_NOT_FOUND;
}

/**
 * The stream's actual state as the port names it, or undefined when the client did not say
 * (the caller then reads it). KurrentDB reports "no stream" as the word or as a negative revision.
 */
export function actualStateOf(error: ClientWrongExpectedVersion): bigint | 'no_stream' | undefined {
  const actual = error.actualState;
  if (actual === 'no_stream') return 'no_stream';
  if (typeof actual === 'bigint') return actual < 0n ? 'no_stream' : actual;
  return undefined;
}

function typeTag(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
}
