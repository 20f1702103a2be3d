import { feedCandidates } from '@myworld/projections';
import type { DiscoverCategory } from '@myworld/schemas';
import { scorePost, sortUnseenFirst } from '../../platform/ranking/score-post.ts';
import type { RankedList } from './ranked-page.ts';
import { rankForYou } from './rank-for-you.ts';

/** For You: every published post, ranked with discovery slots and reasons. */
export const forYouList: RankedList = {
  candidates: (db, window) => feedCandidates(db, window),
  rank: rankForYou,
};

/** Discover's category page: that category's published videos, best first by the shared score (unseen first). */
export const categoryList = (category: DiscoverCategory): RankedList => ({
  candidates: (db, window) => feedCandidates(db, { ...window, category }),
  rank: (candidates, viewer, now) =>
    sortUnseenFirst(candidates.map((c) => ({ id: c.id, ...scorePost(c, viewer, now) }))),
});
