import { describe, expect, it } from 'vitest';
import { NO_MOVE, moved, thenMove } from './clamped-moves.ts';

describe('clamped counter moves composed into one', () => {
  const oneByOne = (count: number, moves: readonly number[]) => moves.reduce((c, d) => Math.max(0, c + d), count);
  const composed = (count: number, moves: readonly number[]) => moved(moves.reduce(thenMove, NO_MOVE), count);

  it('no move leaves the count as it is', () => {
    expect(NO_MOVE).toEqual({ floor: null, shift: 0 });
    expect(composed(3, [])).toBe(3);
  });

  it('an unlike at 0 is lost, so a like after it still counts (the clamp in the middle of a run)', () => {
    expect(oneByOne(0, [-1, 1])).toBe(1);
    expect(composed(0, [-1, 1])).toBe(1);
    expect(composed(2, [-1, 1])).toBe(2);
    expect(composed(0, [1, -1, -1, 1, 1])).toBe(2);
    expect([-1, -1, 1].reduce(thenMove, NO_MOVE)).toEqual({ floor: 1, shift: -1 });
  });

  it('matches the moves one by one for any sequence and starting count', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 2000; trial++) {
      const moves = Array.from({ length: Math.floor(random() * 12) }, () => [-1, 0, 1][Math.floor(random() * 3)]!);
      const count = Math.floor(random() * 5);
      expect(composed(count, moves)).toBe(oneByOne(count, moves));
    }
  });
});
