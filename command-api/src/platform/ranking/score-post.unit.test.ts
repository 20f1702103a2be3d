import { describe, expect, it } from 'vitest';
import {
  HIGH_ENGAGEMENT,
  anonymousViewer,
  scorePost,
  sortUnseenFirst,
  type Candidate,
  type Viewer,
} from './score-post.ts';

const now = new Date('2026-11-23T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const candidate = (overrides: Partial<Candidate> = {}): Candidate => ({
  id: 'p',
  authorId: 'a',
  publishedAt: hoursAgo(1),
  engagementScore: 0,
  viewScore: 0,
  ...overrides,
});
const viewer = (overrides: Partial<Viewer> = {}): Viewer => ({ ...anonymousViewer('me'), ...overrides });

describe('the shared post scorer', () => {
  it('at equal engagement a fresh post outscores a stale one; freshness halves daily', () => {
    const fresh = scorePost(candidate({ publishedAt: hoursAgo(0) }), viewer(), now);
    const dayOld = scorePost(candidate({ publishedAt: hoursAgo(24) }), viewer(), now);
    expect(fresh.score - dayOld.score).toBeCloseTo(0.5, 5);
    expect(dayOld.ageHours).toBe(24);
  });

  it('reads velocity as engagement per (smoothed) view, and high engagement from it', () => {
    const viral = scorePost(candidate({ engagementScore: 30, viewScore: 2 }), viewer(), now);
    const ignored = scorePost(candidate({ engagementScore: 1, viewScore: 100 }), viewer(), now);
    expect(viral.velocity).toBeGreaterThanOrEqual(HIGH_ENGAGEMENT);
    expect(viral.highEngagement).toBe(true);
    expect(ignored.highEngagement).toBe(false);
    // One early like on no views is not viral.
    expect(scorePost(candidate({ engagementScore: 1 }), viewer(), now).highEngagement).toBe(false);
  });

  it('adds follows and liked authors, and says whose post it is', () => {
    const base = scorePost(candidate(), viewer(), now);
    const followed = scorePost(candidate(), viewer({ followed: new Set(['a']) }), now);
    const liked = scorePost(candidate(), viewer({ affinity: new Map([['a', 5]]) }), now);
    expect(followed.score).toBeGreaterThan(base.score);
    expect(followed).toMatchObject({ follows: true, own: false, likedAuthor: false });
    expect(liked).toMatchObject({ follows: false, likedAuthor: true });
    expect(scorePost(candidate({ authorId: 'me' }), viewer(), now)).toMatchObject({ own: true, follows: true });
  });

  it("adds recommendations' signals (interest, trending, a followee's like) only when given", () => {
    const base = scorePost(candidate(), viewer(), now).score;
    expect(scorePost(candidate(), viewer(), now, { interest: 1 }).score).toBeGreaterThan(base);
    expect(scorePost(candidate(), viewer(), now, { interest: 0.5 }).score).toBeLessThan(
      scorePost(candidate(), viewer(), now, { interest: 1 }).score,
    );
    expect(scorePost(candidate(), viewer(), now, { trending: true }).score).toBeGreaterThan(base);
    expect(scorePost(candidate(), viewer(), now, { likedByFollowee: true }).score).toBeGreaterThan(base);
    expect(scorePost(candidate(), viewer(), now, {}).score).toBe(base);
  });

  it('sorts unseen before seen, each best first, ties by id', () => {
    const items = [
      { id: 'b', score: 1, seen: false },
      { id: 'hot', score: 9, seen: true },
      { id: 'a', score: 1, seen: false },
      { id: 'c', score: 2, seen: false },
    ];
    expect(sortUnseenFirst(items).map((i) => i.id)).toEqual(['c', 'a', 'b', 'hot']);
  });
});
