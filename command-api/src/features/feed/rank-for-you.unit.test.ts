import { describe, expect, it } from 'vitest';
import type { Candidate, Viewer } from '../../platform/ranking/score-post.ts';
import { rankForYou } from './rank-for-you.ts';

const now = new Date('2026-11-23T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const candidate = (id: string, authorId: string, overrides: Partial<Candidate> = {}): Candidate => ({
  id,
  authorId,
  publishedAt: hoursAgo(1),
  engagementScore: 0,
  viewScore: 0,
  ...overrides,
});
const viewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  id: 'me',
  followed: new Set(),
  affinity: new Map(),
  seen: new Set(),
  ...overrides,
});

describe('For You ranking', () => {
  it('given followed and unfollowed authors, about 30% of 100 items come from authors the viewer does not follow (±10 points)', () => {
    // 20 authors, half followed, 10 posts each, of varied age and engagement.
    const authors = Array.from({ length: 20 }, (_, a) => `author-${a}`);
    const candidates = authors.flatMap((author, a) =>
      Array.from({ length: 10 }, (_, p) =>
        candidate(`${author}-post-${p}`, author, {
          publishedAt: hoursAgo((a * 7 + p * 3) % 72),
          engagementScore: (a * p) % 9,
          viewScore: 5,
        }),
      ),
    );
    const followed = new Set(authors.slice(0, 10));
    const ranked = rankForYou(candidates, viewer({ followed }), now).slice(0, 100);
    const discovery = ranked.filter((r) => r.reasons.includes('discovery')).length;
    expect(ranked).toHaveLength(100);
    expect(discovery).toBeGreaterThanOrEqual(20);
    expect(discovery).toBeLessThanOrEqual(40);
  });

  it('never puts one author twice in a row while another author is available, even when that author has every top score', () => {
    const star = Array.from({ length: 10 }, (_, i) =>
      candidate(`star-${i}`, 'star', { engagementScore: 50, viewScore: 1 }),
    );
    const others = Array.from({ length: 10 }, (_, i) => candidate(`other-${i}`, `other-${i % 3}`));
    const ranked = rankForYou([...star, ...others], viewer(), now);
    const authorOf = new Map([...star, ...others].map((c) => [c.id, c.authorId]));
    for (let i = 1; i < ranked.length; i++)
      expect(authorOf.get(ranked[i]!.id)).not.toBe(authorOf.get(ranked[i - 1]!.id));
    expect(ranked[0]!.id).toMatch(/^star-/);
  });

  it('items already seen sink below every unseen item, however well they score, and say so', () => {
    const hot = candidate('hot', 'a', { engagementScore: 90, viewScore: 1 });
    const cold = candidate('cold', 'b', { publishedAt: hoursAgo(60) });
    const ranked = rankForYou([hot, cold, candidate('mild', 'c')], viewer({ seen: new Set(['hot']) }), now);
    expect(ranked.map((r) => r.id)).toEqual(['mild', 'cold', 'hot']);
    expect(ranked.at(-1)!.reasons).toContain('seen');
  });

  it('at equal engagement a fresh post beats a stale one', () => {
    const stale = candidate('stale', 'a', { publishedAt: hoursAgo(48), engagementScore: 4, viewScore: 10 });
    const fresh = candidate('fresh', 'b', { publishedAt: hoursAgo(2), engagementScore: 4, viewScore: 10 });
    const ranked = rankForYou([stale, fresh], viewer(), now);
    expect(ranked.map((r) => r.id)).toEqual(['fresh', 'stale']);
    expect(ranked[0]!.reasons).toContain('fresh');
    expect(ranked[1]!.reasons).not.toContain('fresh');
  });

  it('explains each choice: yours, following, liked_author, discovery, high_engagement', () => {
    const ranked = rankForYou(
      [
        candidate('mine', 'me'),
        candidate('friend', 'f'),
        candidate('liked', 'l', { engagementScore: 30, viewScore: 2 }),
      ],
      viewer({ followed: new Set(['f']), affinity: new Map([['l', 3]]) }),
      now,
    );
    const reasons = Object.fromEntries(ranked.map((r) => [r.id, r.reasons]));
    expect(reasons.mine).toEqual(['yours', 'fresh']);
    expect(reasons.friend).toEqual(['following', 'fresh']);
    expect(reasons.liked).toEqual(['liked_author', 'discovery', 'high_engagement', 'fresh']);
  });
});
