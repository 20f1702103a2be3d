import { describe, expect, it } from 'vitest';
import { formatCount, formatCountOf } from './format-count.ts';

describe('formatCount', () => {
  it('shows counts under 1,000 as they are', () => {
    expect([0, 7, 999].map(formatCount)).toEqual(['0', '7', '999']);
  });

  it('uses K from 1,000 and M from 1,000,000, one decimal at most, never rounding up', () => {
    expect([1000, 1200, 1250, 1999, 15_500, 999_999].map(formatCount)).toEqual([
      '1K',
      '1.2K',
      '1.2K',
      '1.9K',
      '15.5K',
      '999.9K',
    ]);
    expect([1_000_000, 3_400_000, 3_450_000, 12_000_000].map(formatCount)).toEqual(['1M', '3.4M', '3.4M', '12M']);
  });

  it('names what it counts, singular only for exactly one', () => {
    expect([0, 1, 2, 1250].map((n) => formatCountOf(n, 'post'))).toEqual([
      '0 posts',
      '1 post',
      '2 posts',
      '1.2K posts',
    ]);
    expect(formatCountOf(1, 'person', 'people')).toBe('1 person');
  });
});
