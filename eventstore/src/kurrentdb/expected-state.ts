import type { AppendStreamState } from '@kurrent/kurrentdb-client';
import type { ExpectedState } from '../port.ts';

/** The port's expected state in the client's words (ANY, NO_STREAM, STREAM_EXISTS or a revision). */
export function toStreamState(expected: ExpectedState): AppendStreamState {
  switch (expected.kind) {
    case 'any':
      return 'any';
    case 'no_stream':
      return 'no_stream';
    case 'stream_exists':
      return 'stream_exists';
    case 'exact':
      return expected.version;
  }
}

/**
 * The revision the first new event takes if the expectation holds; undefined when the
 * expectation names no revision ("any", "stream exists"). Used to look for an earlier copy of
 * the same append exactly where it would have landed.
 */
export function firstRevisionIfAccepted(expected: ExpectedState): bigint | undefined {
  switch (expected.kind) {
    case 'no_stream':
      return 0n;
    case 'exact':
      return expected.version + 1n;
    default:
      return undefined;
  }
}
