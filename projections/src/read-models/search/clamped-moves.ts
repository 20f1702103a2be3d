/**
 * Moves of a counter that never goes below 0, one after another: each is count = max(0, count + d).
 * Any number of them in a row is one move count = max(floor, count + shift), because
 * max(0, max(floor, x + shift) + d) = max(max(0, floor + d), x + shift + d). A run of engagement
 * events thus moves each counter once, to exactly where the events one by one would have.
 */
export interface ClampedMove {
  /** The least the count can end at; null when no move was made (no floor: the count only shifts, by 0). */
  readonly floor: number | null;
  readonly shift: number;
}

/** No move at all: the count stays as it is. */
export const NO_MOVE: ClampedMove = { floor: null, shift: 0 };

/** `move` followed by count = max(0, count + d). */
export function thenMove(move: ClampedMove, d: number): ClampedMove {
  // With no floor yet, max(0, -infinity + d) is 0.
  return { floor: Math.max(0, (move.floor ?? -Infinity) + d), shift: move.shift + d };
}

/** The count after `move` (what SQL computes as greatest(floor, count + shift); greatest ignores a null floor). */
export function moved(move: ClampedMove, count: number): number {
  return Math.max(move.floor ?? -Infinity, count + move.shift);
}
