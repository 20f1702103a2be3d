import { describe, expect, it } from 'vitest';
import { capitalize, formatStreamAge, formatViewerCount } from './format.ts';

describe('live stream formatting', () => {
  it('viewer counts use K from 1,000 and M from 1,000,000', () => {
    expect([0, 999, 1000, 1234, 15_500, 999_999, 1_000_000, 2_345_678].map(formatViewerCount)).toEqual([
      '0',
      '999',
      '1K',
      '1.2K',
      '15.5K',
      '999.9K',
      '1M',
      '2.3M',
    ]);
  });

  it('stream age reads as minutes, or hours and minutes', () => {
    const now = new Date('2025-08-17T12:00:00Z');
    expect(formatStreamAge('2025-08-17T11:55:30Z', now)).toBe('4m');
    expect(formatStreamAge('2025-08-17T10:35:00Z', now)).toBe('1h 25m');
  });

  it('capitalizes the first letter only', () => {
    expect(['music', 'general', 'video', ''].map(capitalize)).toEqual(['Music', 'General', 'Video', '']);
  });
});
