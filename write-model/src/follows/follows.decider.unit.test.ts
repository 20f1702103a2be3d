import { describe, it } from 'vitest';
import type { FollowEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { followsDecider } from './follows.decider.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const followed = (followeeId: string): FollowEvent => ({
  type: 'UserFollowed',
  data: { followerId: 'ada', followeeId, followedAt: at },
});
const unfollowed = (followeeId: string): FollowEvent => ({
  type: 'UserUnfollowed',
  data: { followerId: 'ada', followeeId, unfollowedAt: at },
});
const spec = deciderSpec(followsDecider);

describe('follows decider', () => {
  it('given nothing, when ada follows bob, then UserFollowed', () => {
    spec
      .given()
      .when({ type: 'Follow', followerId: 'ada', followeeId: 'bob', now })
      .then([followed('bob')]);
  });

  it('following again records nothing; after an unfollow, following records again', () => {
    spec.given(followed('bob')).when({ type: 'Follow', followerId: 'ada', followeeId: 'bob', now }).then([]);
    spec
      .given(followed('bob'), unfollowed('bob'))
      .when({ type: 'Follow', followerId: 'ada', followeeId: 'bob', now })
      .then([followed('bob')]);
  });

  it('nobody follows themselves (400 naming id)', () => {
    spec
      .given()
      .when({ type: 'Follow', followerId: 'ada', followeeId: 'ada', now })
      .thenRefuses({ status: 400, code: 'cannot_follow_self', field: 'id', message: 'You cannot follow yourself' });
  });

  it('unfollowing someone followed records UserUnfollowed; someone not followed, nothing', () => {
    spec
      .given(followed('bob'))
      .when({ type: 'Unfollow', followerId: 'ada', followeeId: 'bob', now })
      .then([unfollowed('bob')]);
    spec.given().when({ type: 'Unfollow', followerId: 'ada', followeeId: 'bob', now }).then([]);
  });

  it('stops at 10,000 accounts followed (409)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => followed(`u${i}`));
    spec
      .given(...many)
      .when({ type: 'Follow', followerId: 'ada', followeeId: 'one-more', now })
      .thenRefuses({ status: 409, code: 'following_limit', message: 'You can follow at most 10,000 accounts' });
  });
});
