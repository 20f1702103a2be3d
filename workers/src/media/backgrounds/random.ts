/**
 * A small seeded random number generator (mulberry32): the same seed gives the same sequence on
 * every machine, so a catalogue entry always draws the same picture. Not for anything secret.
 */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** In [min, max). */
  range(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

/**
 * Smooth 2D value noise in [-1, 1] with features about `cell` units apart (random values on a
 * grid, smoothly interpolated), plus a second octave at half the size: cheap wiggles for shapes
 * drawn in code. The grid is drawn from `random` when created, so it is as repeatable as the seed.
 */
export function smoothNoise(
  random: Random,
  cell: number,
  size = { width: 1920, height: 1080 },
): (x: number, y: number) => number {
  const octave = (c: number) => {
    const columns = Math.ceil(size.width / c) + 4;
    const rows = Math.ceil(size.height / c) + 4;
    const grid = Array.from({ length: columns * rows }, () => random.range(-1, 1));
    const at = (i: number, j: number) =>
      grid[(((j % rows) + rows) % rows) * columns + (((i % columns) + columns) % columns)]!;
    const fade = (t: number) => t * t * (3 - 2 * t);
    return (x: number, y: number) => {
      const [gx, gy] = [x / c + 2, y / c + 2];
      const [i, j] = [Math.floor(gx), Math.floor(gy)];
      const [u, v] = [fade(gx - i), fade(gy - j)];
      const top = at(i, j) + (at(i + 1, j) - at(i, j)) * u;
      const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * u;
      return top + (bottom - top) * v;
    };
  };
  const [coarse, fine] = [octave(cell), octave(cell / 2)];
  return (x, y) => (coarse(x, y) * 2 + fine(x, y)) / 3;
}
