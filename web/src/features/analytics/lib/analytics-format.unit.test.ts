import { describe, expect, it } from 'vitest';
import { describeChange, formatPercent } from './analytics-format.ts';

describe('analytics numbers', () => {
  it('shows percentages with one decimal at most', () => {
    expect([0, 3.2, 4.25, 12, 33.333].map(formatPercent)).toEqual(['0%', '3.2%', '4.3%', '12%', '33.3%']);
  });

  it('reads a change as up, down or flat with its size', () => {
    expect(describeChange(12.5)).toEqual({ direction: 'up', text: '12.5%' });
    expect(describeChange(-4)).toEqual({ direction: 'down', text: '4%' });
    expect(describeChange(0)).toEqual({ direction: 'flat', text: '0%' });
  });
});
