import { describe, expect, it } from 'vitest';
import { interactionStyleOf } from './interaction-style.ts';

const mix = (counts: Partial<Record<'views' | 'likes' | 'comments' | 'shares' | 'posts', number>>) => ({
  views: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  posts: 0,
  ...counts,
});

describe('interaction style, by the effort-weighted mix', () => {
  it('is newcomer with no interactions and viewer with views only', () => {
    expect(interactionStyleOf(mix({}))).toBe('newcomer');
    expect(interactionStyleOf(mix({ views: 40 }))).toBe('viewer');
  });

  it('turns liker, commenter, sharer or creator when that kind outweighs the rest', () => {
    expect(interactionStyleOf(mix({ views: 10, likes: 4 }))).toBe('liker');
    expect(interactionStyleOf(mix({ views: 10, likes: 4, comments: 3 }))).toBe('commenter');
    expect(interactionStyleOf(mix({ views: 10, shares: 2 }))).toBe('sharer');
    expect(interactionStyleOf(mix({ views: 30, likes: 5, posts: 4 }))).toBe('creator');
  });

  it('on a tie the more effortful style wins', () => {
    expect(interactionStyleOf(mix({ views: 10, posts: 1 }))).toBe('creator');
    expect(interactionStyleOf(mix({ comments: 1, shares: 1 }))).toBe('commenter');
  });
});
