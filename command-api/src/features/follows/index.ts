import { defineFeature } from '../../platform/feature.ts';
import { followUser } from './routes/follow-user.ts';
import { unfollowUser } from './routes/unfollow-user.ts';

/** Follows: following and unfollowing users; the counts and lists live in the `follows` read model. */
export const follows = defineFeature({
  name: 'follows',
  routes: [followUser, unfollowUser],
});
