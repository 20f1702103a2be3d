import type { InteractionMix } from '@myworld/projections';
import type { InteractionStyle } from '@myworld/schemas';

/**
 * How much one interaction of each kind says about a user, per the effort it takes: a post says
 * as much as ten views, a comment or a share as much as six, a like as three.
 */
const EFFORT = { creator: 10, commenter: 6, sharer: 6, liker: 3, viewer: 1 } as const;
/** Which count each style weighs; on a tie the more effortful style (listed first) wins. */
const COUNT_OF = {
  creator: 'posts',
  commenter: 'comments',
  sharer: 'shares',
  liker: 'likes',
  viewer: 'views',
} as const satisfies Record<keyof typeof EFFORT, keyof InteractionMix>;

/** The style whose effort-weighted count is largest; newcomer before any interaction. */
export function interactionStyleOf(mix: InteractionMix): InteractionStyle {
  let best: InteractionStyle = 'newcomer';
  let bestWeight = 0;
  for (const style of Object.keys(EFFORT) as Array<keyof typeof EFFORT>) {
    const weight = mix[COUNT_OF[style]] * EFFORT[style];
    if (weight > bestWeight) [best, bestWeight] = [style, weight];
  }
  return best;
}
