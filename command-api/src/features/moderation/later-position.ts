import { comparePositions, type Position } from '@myworld/schemas';

/** The later of two positions (null: nothing recorded), for an answer covering several commands. */
export const laterPosition = (a: Position | null, b: Position | null): Position | null => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);
