import { describe, expect, it } from 'vitest';
import { formatCents } from './format-cents.ts';

describe('formatCents', () => {
  it('divides cents by 100 and always shows two decimals', () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(100)).toBe('$1.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('groups thousands and keeps the sign of a negative amount', () => {
    expect(formatCents(50_000)).toBe('$500.00');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-2_500)).toBe('-$25.00');
  });
});
