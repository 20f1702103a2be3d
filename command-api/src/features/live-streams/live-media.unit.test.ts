import { describe, expect, it } from 'vitest';
import { LIVE_STREAM_MESSAGES } from '@myworld/schemas';
import { SfuError } from '@myworld/sfu';
import { describeSfuError } from './live-media.ts';

describe('describeSfuError', () => {
  it('tells a viewer the SFU refused for lack of capacity that the stream is full', () => {
    expect(describeSfuError(new SfuError('at-capacity', 'every worker carries its 350 consumers'))).toEqual({
      code: 'media_at_capacity',
      message: LIVE_STREAM_MESSAGES.mediaAtCapacity,
    });
  });

  it('keeps a per-socket limit as limit_exceeded, and leaves other errors alone', () => {
    expect(describeSfuError(new SfuError('limit-exceeded', 'x', { name: 'consumers', max: 16 }))).toEqual({
      code: 'limit_exceeded',
      message: LIVE_STREAM_MESSAGES.mediaLimitExceeded,
    });
    expect(describeSfuError(new Error('other'))).toBeUndefined();
  });
});
