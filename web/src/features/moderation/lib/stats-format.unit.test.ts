import { describe, expect, it } from 'vitest';
import { bucketLabel, formatDuration, lastDays } from './stats-format.ts';

describe('moderation stats formatting', () => {
  it('words a time to resolution by its size', () => {
    expect([
      formatDuration(20),
      formatDuration(45 * 60),
      formatDuration(3.5 * 3600),
      formatDuration(86_400),
      formatDuration(2.1 * 86_400),
    ]).toEqual(['under a minute', '45 min', '3.5 h', '1 day', '2.1 days']);
  });

  it('labels buckets by their UTC day', () => {
    expect(bucketLabel('2025-03-03T00:00:00.000Z', 'day')).toBe('Mar 3');
    expect(bucketLabel('2025-03-03T00:00:00.000Z', 'week')).toBe('Week of Mar 3');
  });

  it('the last N days run through the end of today (UTC)', () => {
    expect(lastDays(7, new Date('2025-03-10T15:30:00Z'))).toEqual({
      from: '2025-03-04T00:00:00.000Z',
      to: '2025-03-11T00:00:00.000Z',
    });
  });
});
