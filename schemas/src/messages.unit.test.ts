import { describe, expect, it } from 'vitest';
import { LIVE_STREAM_MESSAGES } from './live-streams/messages.ts';
import { PLATFORM_MESSAGES } from './platform/messages.ts';
import { AUTH_MESSAGES } from './accounts/messages.ts';

describe('user-facing texts', () => {
  it('are each defined once across the features and the platform', () => {
    const texts = [...Object.values(PLATFORM_MESSAGES), ...Object.values(AUTH_MESSAGES), ...Object.values(LIVE_STREAM_MESSAGES)];
    const repeated = texts.filter((text, i) => texts.indexOf(text) !== i);
    expect(repeated).toEqual([]);
  });
});
