import type { Position as ClientPosition, ReadPosition } from '@kurrent/kurrentdb-client';
import { START, comparePositions, type Position } from '@myworld/schemas';

/**
 * KurrentDB's $all position is the same (commit, prepare) pair as the port's, so the mapping is
 * a copy; it exists so the adapter never leaks the client's objects to callers.
 */
export function fromClientPosition(position: ClientPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

/** Where a forward read of $all starts; START is the client's own "start" marker. */
export function toReadPosition(position: Position): ReadPosition {
  if (comparePositions(position, START) === 0) return 'start';
  return { commit: position.commit, prepare: position.prepare };
}

/** KurrentDB reads $all from a position inclusively; the port's `after` is exclusive. */
export function isStrictlyAfter(position: Position, after: Position): boolean {
  return comparePositions(position, after) > 0;
}
