import { describe, expect, it } from 'vitest';
import { reasonsFor, type ReasonFacts } from './reasons.ts';

const none: ReasonFacts = {
  followsAuthor: false,
  likedByFollowee: false,
  likedAuthor: false,
  favoriteCategory: false,
  trending: false,
  highEngagement: false,
};

describe('recommendation reasons', () => {
  it('gives each reason only for its fact', () => {
    expect(reasonsFor(none)).toEqual([]);
    expect(reasonsFor({ ...none, followsAuthor: true })).toEqual(['following_activity']);
    expect(reasonsFor({ ...none, likedByFollowee: true })).toEqual(['following_activity']);
    expect(reasonsFor({ ...none, likedAuthor: true })).toEqual(['personalized']);
    expect(reasonsFor({ ...none, favoriteCategory: true })).toEqual(['similar_interests']);
    expect(reasonsFor({ ...none, trending: true })).toEqual(['trending']);
    expect(reasonsFor({ ...none, highEngagement: true })).toEqual(['high_engagement']);
  });

  it('keeps at most 3, most telling first', () => {
    const all = {
      followsAuthor: true,
      likedByFollowee: true,
      likedAuthor: true,
      favoriteCategory: true,
      trending: true,
      highEngagement: true,
    };
    expect(reasonsFor(all)).toEqual(['following_activity', 'personalized', 'similar_interests']);
  });
});
