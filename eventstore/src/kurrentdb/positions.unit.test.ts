import { START } from '@myworld/schemas';
import { describe, expect, it } from 'vitest';
import { fromClientPosition, isStrictlyAfter, toReadPosition } from './positions.ts';

describe('positions', () => {
  it('copies the commit/prepare pair from the client', () => {
    const client = { commit: 1200n, prepare: 1350n };
    const port = fromClientPosition(client);
    expect(port).toEqual({ commit: 1200n, prepare: 1350n });
    expect(port).not.toBe(client);
  });

  it('reads from the client\'s "start" for START and from the pair otherwise', () => {
    expect(toReadPosition(START)).toBe('start');
    expect(toReadPosition({ commit: 5n, prepare: 7n })).toEqual({ commit: 5n, prepare: 7n });
  });

  it('orders by commit first, then prepare (events of one append share a commit)', () => {
    const after = { commit: 100n, prepare: 120n };
    expect(isStrictlyAfter({ commit: 100n, prepare: 120n }, after)).toBe(false);
    expect(isStrictlyAfter({ commit: 100n, prepare: 110n }, after)).toBe(false);
    expect(isStrictlyAfter({ commit: 100n, prepare: 140n }, after)).toBe(true);
    expect(isStrictlyAfter({ commit: 101n, prepare: 0n }, after)).toBe(true);
    expect(isStrictlyAfter({ commit: 99n, prepare: 999n }, after)).toBe(false);
  });
});
