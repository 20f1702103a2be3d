import { describe, it } from 'vitest';
import { deciderSpec } from '../commands/decider-testing.ts';
import { likeDecider, type LikeCommand } from './like.decider.ts';
import type { LikeEvent } from './like.state.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(likeDecider);
const command = (type: LikeCommand['type']): LikeCommand => ({
  type,
  postId: 'p1',
  userId: 'bob',
  authorId: 'ada',
  now,
});
const liked: LikeEvent = { type: 'PostLiked', data: { postId: 'p1', userId: 'bob', authorId: 'ada', likedAt: at } };
const unliked: LikeEvent = {
  type: 'PostUnliked',
  data: { postId: 'p1', userId: 'bob', authorId: 'ada', unlikedAt: at },
};

describe('like decider (like-{postId}-{userId})', () => {
  it('given nothing, when bob likes the post, then PostLiked naming its author', () => {
    spec.given().when(command('LikePost')).then([liked]);
  });

  it('liking a post already liked records nothing; after an unlike, liking records again', () => {
    spec.given(liked).when(command('LikePost')).then([]);
    spec.given(liked, unliked).when(command('LikePost')).then([liked]);
  });

  it('unliking a liked post records PostUnliked; one not liked (never, or no longer), nothing', () => {
    spec.given(liked).when(command('UnlikePost')).then([unliked]);
    spec.given().when(command('UnlikePost')).then([]);
    spec.given(liked, unliked).when(command('UnlikePost')).then([]);
  });
});
