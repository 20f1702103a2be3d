import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../port.ts';
import { findStoredCopy } from './idempotency.ts';

function recorded(id: string, version: bigint): RecordedEvent {
  return {
    id,
    type: 'T',
    data: {},
    metadata: { actorId: null, correlationId: 'c', causationId: null, requestId: null, client: null, timestamp: '' },
    stream: 's',
    version,
    position: { commit: version * 10n, prepare: version * 10n },
    createdAt: new Date(0),
  };
}

describe('finding an earlier copy of an append', () => {
  const stored = [recorded('a', 0n), recorded('b', 1n), recorded('c', 2n)];

  it('finds none when no id is stored', () => {
    expect(findStoredCopy(['x', 'y'], stored)).toEqual({ kind: 'none' });
    expect(findStoredCopy(['x'], [])).toEqual({ kind: 'none' });
  });

  it('finds all and reports the newest of them, whatever order the stored slice came in', () => {
    const copy = findStoredCopy(['a', 'b'], stored);
    expect(copy).toMatchObject({ kind: 'all', last: { id: 'b', version: 1n } });
    const backwards = findStoredCopy(['b', 'c'], [...stored].reverse());
    expect(backwards).toMatchObject({ kind: 'all', last: { id: 'c', version: 2n } });
  });

  it('flags a partial overlap', () => {
    expect(findStoredCopy(['c', 'd'], stored)).toEqual({ kind: 'some', storedIds: ['c'] });
  });

  it('treats an id repeated inside one append as one id', () => {
    expect(findStoredCopy(['a', 'a'], stored)).toMatchObject({ kind: 'all' });
  });
});
