import { describe, expect, it } from 'vitest';
import { deadStreamReason, sweepIntervalMs } from './dead-streams.ts';

const MINUTE = 60_000;
const startedAt = Date.parse('2026-11-23T10:00:00.000Z');

describe('deadStreamReason', () => {
  it('judges nobody before the timeout has passed since going live', () => {
    expect(deadStreamReason({ startedAt, lastMediaAt: undefined }, startedAt + MINUTE - 1, MINUTE)).toBeUndefined();
  });

  it('a stream media never reached is dead at the timeout: media_never_connected', () => {
    expect(deadStreamReason({ startedAt, lastMediaAt: undefined }, startedAt + MINUTE, MINUTE)).toBe(
      'media_never_connected',
    );
  });

  it('a stream is alive for the timeout after media last flowed, then dead: media_stopped', () => {
    const lastMediaAt = startedAt + 5 * MINUTE;
    expect(deadStreamReason({ startedAt, lastMediaAt }, lastMediaAt + MINUTE - 1, MINUTE)).toBeUndefined();
    expect(deadStreamReason({ startedAt, lastMediaAt }, lastMediaAt + MINUTE, MINUTE)).toBe('media_stopped');
  });
});

describe('sweepIntervalMs', () => {
  it('samples six times per timeout, between 200 ms and 10 s', () => {
    expect(sweepIntervalMs(60_000)).toBe(10_000);
    expect(sweepIntervalMs(600_000)).toBe(10_000);
    expect(sweepIntervalMs(12_000)).toBe(2_000);
    expect(sweepIntervalMs(1_000)).toBe(200);
  });
});
