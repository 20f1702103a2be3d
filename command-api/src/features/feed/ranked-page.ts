import type { QueryCreator } from 'kysely';
import {
  hydratePostItems,
  postRowsByIds,
  viewerSignals,
  type FeedCandidateRow,
  type PageKey,
  type PostsDb,
} from '@myworld/projections';
import { FEED_PAGE_SIZE, type FeedReason, type PostItem } from '@myworld/schemas';
import { anonymousViewer, candidateOf, type Candidate, type Viewer } from '../../platform/ranking/score-post.ts';
import type { RankedPosition } from './ranked-cursor.ts';

/** Candidates ranked per request: a fixed window of the newest published posts, so a page costs the same at any history size. */
export const RANKING_WINDOW = 200;

/** How one list picks its window (newest first, before `before`) and orders it for the viewer. */
export interface RankedList {
  readonly candidates: (
    db: QueryCreator<PostsDb>,
    window: { before?: PageKey; limit: number },
  ) => Promise<FeedCandidateRow[]>;
  readonly rank: (
    candidates: readonly Candidate[],
    viewer: Viewer,
    now: Date,
  ) => ReadonlyArray<{ readonly id: string; readonly reasons?: FeedReason[] }>;
}

/**
 * One page of a ranked list: the window's candidates ranked for the viewer (a visitor gets the same
 * ranking without personal signals), the page at `offset`, and where the next page starts (the
 * next window once this one is exhausted; none when the history is).
 */
export async function rankedPage(
  db: QueryCreator<PostsDb>,
  list: RankedList,
  viewerId: string | null,
  position: RankedPosition,
  now: Date,
): Promise<{ items: PostItem[]; next: RankedPosition | null }> {
  const candidates = await list.candidates(db, {
    ...(position.window ? { before: position.window } : {}),
    limit: RANKING_WINDOW,
  });
  const viewer = viewerId
    ? { id: viewerId, ...(await viewerSignals(db, viewerId, candidates, position.seenAt)) }
    : anonymousViewer();
  const ranked = list.rank(candidates.map(candidateOf), viewer, now);
  const slice = ranked.slice(position.offset, position.offset + FEED_PAGE_SIZE);
  const items = await hydratePostItems(
    db,
    await postRowsByIds(
      db,
      slice.map((r) => r.id),
    ),
    viewerId,
  );
  const reasons = new Map(slice.map((r) => [r.id, r.reasons]));
  const withReasons = items.map((item) => {
    const why = reasons.get(item.id);
    return why ? { ...item, reasons: why } : item;
  });

  const end = position.offset + FEED_PAGE_SIZE;
  const oldest = candidates.at(-1);
  const next: RankedPosition | null =
    end < ranked.length
      ? { ...position, offset: end }
      : candidates.length === RANKING_WINDOW && oldest
        ? { window: { at: oldest.published_at!, id: oldest.id }, offset: 0, seenAt: position.seenAt }
        : null;
  return { items: withReasons, next };
}
