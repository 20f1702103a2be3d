import { ANY, NO_STREAM, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { expect as expected } from '../port.ts';
import { firstRevisionIfAccepted, toStreamState } from './expected-state.ts';

describe('expected state → client streamState', () => {
  it('maps each kind onto the client constant or the exact revision', () => {
    expect(toStreamState(expected.any)).toBe(ANY);
    expect(toStreamState(expected.noStream)).toBe(NO_STREAM);
    expect(toStreamState(expected.streamExists)).toBe(STREAM_EXISTS);
    expect(toStreamState(expected.version(0n))).toBe(0n);
    expect(toStreamState(expected.version(41n))).toBe(41n);
  });

  it('fromLoaded(-1) is "no stream", not revision -1', () => {
    expect(toStreamState(expected.fromLoaded(-1n))).toBe(NO_STREAM);
    expect(toStreamState(expected.fromLoaded(3n))).toBe(3n);
  });
});

describe('where an accepted append would land', () => {
  it('names the first revision for "no stream" and exact versions only', () => {
    expect(firstRevisionIfAccepted(expected.noStream)).toBe(0n);
    expect(firstRevisionIfAccepted(expected.version(4n))).toBe(5n);
    expect(firstRevisionIfAccepted(expected.any)).toBeUndefined();
    expect(firstRevisionIfAccepted(expected.streamExists)).toBeUndefined();
  });
});
