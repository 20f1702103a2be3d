import type { QueryCreator } from 'kysely';
import { feedCandidates, hydratePostItems, postRowsByIds, viewerSignals, type FeedCandidateRow, type PostsDb } from '@myworld/projections';
import { FEED_PAGE_SIZE, type PostItem } from '@myworld/schemas';
import type { ForYouPosition } from './for-you-cursor.ts';
import { rankForYou, type Candidate } from './rank-for-you.ts';

/** Candidates ranked per request: a fixed window of the newest published posts, so a page costs the same at any history size. */
export const FOR_YOU_WINDOW = 200;

const toCandidate = (row: FeedCandidateRow): Candidate => ({ id: row.id, authorId: row.author_id, publishedAt: row.published_at!, engagementScore: row.engagement_score, viewScore: row.view_score });

/**
 * One For You page: the window's candidates ranked for the viewer (a visitor gets the same ranking
 * without affinity), the page at `offset`, and where the next page starts (the next window once
 * this one is exhausted; none when the history is).
 */
export async function forYouPage(db: QueryCreator<PostsDb>, viewerId: string | null, position: ForYouPosition, now: Date): Promise<{ items: PostItem[]; next: ForYouPosition | null }> {
  const candidates = await feedCandidates(db, { ...(position.window ? { before: position.window } : {}), limit: FOR_YOU_WINDOW });
  const signals = viewerId ? await viewerSignals(db, viewerId, candidates, position.seenAt) : { followed: new Set<string>(), affinity: new Map<string, number>(), seen: new Set<string>() };
  const ranked = rankForYou(candidates.map(toCandidate), { id: viewerId ?? '', ...signals }, now);
  const slice = ranked.slice(position.offset, position.offset + FEED_PAGE_SIZE);
  const items = await hydratePostItems(db, await postRowsByIds(db, slice.map((r) => r.id)), viewerId);
  const reasons = new Map(slice.map((r) => [r.id, r.reasons]));
  const withReasons = items.map((item) => ({ ...item, reasons: reasons.get(item.id) ?? [] }));

  const end = position.offset + FEED_PAGE_SIZE;
  const oldest = candidates.at(-1);
  const next: ForYouPosition | null =
    end < ranked.length
      ? { ...position, offset: end }
      : candidates.length === FOR_YOU_WINDOW && oldest
        ? { window: { at: oldest.published_at!, id: oldest.id }, offset: 0, seenAt: position.seenAt }
        : null;
  return { items: withReasons, next };
}
