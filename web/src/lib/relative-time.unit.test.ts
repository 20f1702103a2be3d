import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('reads the largest whole unit in natural wording, singular for one', () => {
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(119), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(3 * 3600 + 59 * 60), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(6 * 24 * 3600), now)).toBe('6 days ago');
    expect(formatRelativeTime(ago(15 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(65 * 24 * 3600), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 24 * 3600), now)).toBe('2 years ago');
  });

  it('says "just now" under a minute and for times a little ahead of the clock', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
