import { FEED_DISCOVERY_SHARE, type FeedReason } from '@myworld/schemas';

/** What ranking needs of a candidate post (from the posts read model's row). */
export interface Candidate {
  readonly id: string;
  readonly authorId: string;
  readonly publishedAt: Date;
  /** Likes, comments and shares (weighted), decayed with a 24-hour half-life. */
  readonly engagementScore: number;
  /** Views, decayed the same way. */
  readonly viewScore: number;
}

export interface Viewer {
  readonly id: string;
  readonly followed: ReadonlySet<string>;
  /** How many of each author's posts the viewer has liked. */
  readonly affinity: ReadonlyMap<string, number>;
  readonly seen: ReadonlySet<string>;
}

export interface Ranked {
  readonly id: string;
  readonly reasons: FeedReason[];
  readonly score: number;
}

/** Freshness halves every 24 hours. */
const FRESHNESS_HALF_LIFE_HOURS = 24;
/** Engagement per view: this many smoothing views keep one early like from looking viral. */
const VIEW_SMOOTHING = 3;
/** Velocity at or above this share of its ceiling reads as high engagement. */
const HIGH_ENGAGEMENT = 0.5;
const WEIGHTS = { freshness: 1, velocity: 0.8, follows: 0.6, likedAuthor: 0.4 } as const;

/**
 * Ranks For You, explainably. Each candidate scores freshness (halving daily), engagement velocity
 * (likes, comments and shares per view, recent ones counting most) and affinity (following the
 * author, having liked their posts). The order then takes about `discoveryShare` of its slots from
 * authors the viewer does not follow, never shows one author twice in a row when another is
 * available, and puts everything the viewer has already seen after everything they have not.
 */
export function rankForYou(candidates: readonly Candidate[], viewer: Viewer, now: Date, discoveryShare = FEED_DISCOVERY_SHARE): Ranked[] {
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

function score(c: Candidate, viewer: Viewer, now: Date): Scored {
  const ageHours = Math.max(0, (now.getTime() - c.publishedAt.getTime()) / 3_600_000);
  const freshness = 2 ** (-ageHours / FRESHNESS_HALF_LIFE_HOURS);
  const perView = c.engagementScore / (c.viewScore + VIEW_SMOOTHING);
  const velocity = perView / (perView + 1); // 0..1
  const own = c.authorId === viewer.id;
  const follows = own || viewer.followed.has(c.authorId);
  const likedPosts = viewer.affinity.get(c.authorId) ?? 0;
  const likedAuthor = likedPosts > 0 ? Math.min(1, likedPosts / 5) : 0;
  const total = WEIGHTS.freshness * freshness + WEIGHTS.velocity * velocity + WEIGHTS.follows * (follows ? 1 : 0) + WEIGHTS.likedAuthor * likedAuthor;

  const reasons: FeedReason[] = [];
  if (own) reasons.push('yours');
  else if (follows) reasons.push('following');
  if (likedAuthor > 0) reasons.push('liked_author');
  if (!follows) reasons.push('discovery');
  if (velocity >= HIGH_ENGAGEMENT) reasons.push('high_engagement');
  if (ageHours < 24) reasons.push('fresh');
  if (viewer.seen.has(c.id)) reasons.push('seen');
  return { id: c.id, authorId: c.authorId, discovery: !follows, reasons, score: total };
}

/**
 * Merges the two pools best-first: slot i is a discovery slot when the running share of discovery
 * slots would otherwise fall below `share` (3 in every 10 at 30%). A pool that has run dry yields
 * to the other. Within the chosen pool the best item by an author other than the previous one wins.
 */
function interleave(items: readonly Scored[], share: number, previousAuthor: string | null): Scored[] {
  const byScore = (a: Scored, b: Scored) => b.score - a.score || (a.id < b.id ? -1 : 1);
  const pools = { network: items.filter((i) => !i.discovery).sort(byScore), discovery: items.filter((i) => i.discovery).sort(byScore) };
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
