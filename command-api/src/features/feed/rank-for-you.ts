import { FEED_DISCOVERY_SHARE, type FeedReason } from '@myworld/schemas';
import { FRESH_HOURS, byScore, scorePost, type Candidate, type Viewer } from '../../platform/ranking/score-post.ts';

export interface Ranked {
  readonly id: string;
  readonly reasons: FeedReason[];
  readonly score: number;
}

/**
 * Ranks For You, explainably. Each candidate is scored by the shared scorer (platform/ranking:
 * freshness, engagement velocity, affinity), which recommendations and discover use too. The order then takes about `discoveryShare` of its slots from
 * authors the viewer does not follow, never shows one author twice in a row when another is
 * available, and puts everything the viewer has already seen after everything they have not.
 */
export function rankForYou(
  candidates: readonly Candidate[],
  viewer: Viewer,
  now: Date,
  discoveryShare = FEED_DISCOVERY_SHARE,
): Ranked[] {
  const scored = candidates.map((c) => score(c, viewer, now));
  const unseen = scored.filter((s) => !viewer.seen.has(s.id));
  const seen = scored.filter((s) => viewer.seen.has(s.id));
  const first = interleave(unseen, discoveryShare, null);
  const last = interleave(seen, discoveryShare, first.at(-1)?.authorId ?? null);
  return [...first, ...last].map(({ id, reasons, score }) => ({ id, reasons, score }));
}

interface Scored extends Ranked {
  readonly authorId: string;
  readonly discovery: boolean;
}

/** The shared score, explained in the feed's words. */
function score(c: Candidate, viewer: Viewer, now: Date): Scored {
  const s = scorePost(c, viewer, now);
  const reasons: FeedReason[] = [];
  if (s.own) reasons.push('yours');
  else if (s.follows) reasons.push('following');
  if (s.likedAuthor) reasons.push('liked_author');
  if (!s.follows) reasons.push('discovery');
  if (s.highEngagement) reasons.push('high_engagement');
  if (s.ageHours < FRESH_HOURS) reasons.push('fresh');
  if (s.seen) reasons.push('seen');
  return { id: c.id, authorId: c.authorId, discovery: !s.follows, reasons, score: s.score };
}

/**
 * Merges the two pools best-first: slot i is a discovery slot when the running share of discovery
 * slots would otherwise fall below `share` (3 in every 10 at 30%). A pool that has run dry yields
 * to the other. Within the chosen pool the best item by an author other than the previous one wins.
 */
function interleave(items: readonly Scored[], share: number, previousAuthor: string | null): Scored[] {
  const pools = {
    network: items.filter((i) => !i.discovery).sort(byScore),
    discovery: items.filter((i) => i.discovery).sort(byScore),
  };
  const out: Scored[] = [];
  let previous = previousAuthor;
  for (let i = 0; i < items.length; i++) {
    const wantDiscovery = Math.floor((i + 1) * share) > Math.floor(i * share);
    const [preferred, other] = wantDiscovery ? [pools.discovery, pools.network] : [pools.network, pools.discovery];
    const pick = takeBest(preferred, previous) ?? takeBest(other, previous) ?? takeAny(preferred) ?? takeAny(other);
    if (!pick) break;
    out.push(pick);
    previous = pick.authorId;
  }
  return out;
}

function takeBest(pool: Scored[], notBy: string | null): Scored | undefined {
  const index = pool.findIndex((item) => item.authorId !== notBy);
  return index < 0 ? undefined : pool.splice(index, 1)[0];
}

function takeAny(pool: Scored[]): Scored | undefined {
  return pool.shift();
}
