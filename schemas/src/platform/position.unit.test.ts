import { describe, expect, it } from 'vitest';
import { START, comparePositions, formatPosition, parsePosition, positionText } from './position.ts';

describe('positions', () => {
  it('order by commit, then prepare, and round-trip through text', () => {
    const p = parsePosition('12/3');
    expect(p).toEqual({ commit: 12n, prepare: 3n });
    expect(formatPosition(p)).toBe('12/3');
    expect(comparePositions(START, p)).toBe(-1);
    expect(comparePositions(p, { commit: 12n, prepare: 2n })).toBe(1);
    expect(comparePositions(p, parsePosition('12/3'))).toBe(0);
  });

  it('refuses text that is not two whole numbers', () => {
    expect(positionText.safeParse('12').success).toBe(false);
    expect(positionText.safeParse('-1/2').success).toBe(false);
  });
});
