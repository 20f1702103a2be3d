import { FOLLOWING_MAX } from './rules.ts';

/** Every user-facing text of follows, each defined once. */
export const FOLLOW_MESSAGES = {
  cannotFollowSelf: 'You cannot follow yourself',
  userNotFound: 'User not found',
  followingLimit: `You can follow at most ${FOLLOWING_MAX.toLocaleString('en-US')} accounts`,
} as const;
