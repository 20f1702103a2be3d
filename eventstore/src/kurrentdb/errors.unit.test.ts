import { StreamNotFoundError, UnavailableError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { actualStateOf, isClientWrongExpectedVersion, isStreamNotFound } from './errors.ts';

// Built from the pinned client's own classes, so a renamed tag in a client upgrade fails here.
const wrongVersion = (current: bigint | 'no_stream') =>
  new WrongExpectedVersionError(undefined, { streamName: 'post-1', expected: 1n, current });

describe('client errors', () => {
  it("recognises the client's wrong-expected-version error", () => {
    expect(isClientWrongExpectedVersion(wrongVersion(2n))).toBe(true);
    expect(isClientWrongExpectedVersion(new StreamNotFoundError(undefined, 'post-1'))).toBe(false);
    expect(isClientWrongExpectedVersion(new Error('wrong-expected-version'))).toBe(false);
    expect(isClientWrongExpectedVersion(undefined)).toBe(false);
  });

  it('reads the actual state as the port names it', () => {
    expect(actualStateOf(wrongVersion(2n))).toBe(2n);
    expect(actualStateOf(wrongVersion('no_stream'))).toBe('no_stream');
    expect(actualStateOf({ type: 'wrong-expected-version', actualState: -1n })).toBe('no_stream');
    expect(actualStateOf({ type: 'wrong-expected-version' })).toBeUndefined();
  });

  it('recognises a missing stream, and nothing else, as "not found"', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'post-1'))).toBe(true);
    expect(isStreamNotFound(new UnavailableError())).toBe(false);
    expect(isStreamNotFound(null)).toBe(false);
  });
});
