import type { Position } from '@myworld/schemas';

/** How far `position` is towards `head` in the log, 0-100 for a progress bar (100 for an empty log). One formula for the replay and export bars. */
export function progressPercent(position: Position, head: Position): number {
  return head.prepare > 0n ? Math.min(100, Number((position.prepare * 100n) / head.prepare)) : 100;
}
