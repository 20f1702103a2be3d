import type { TypedRecordedEventOf } from '../../projection.ts';

/** Every event the analytics read model reads. */
export const ANALYTICS_TYPES = [
  'UserRegistered',
  'TextPostCreated',
  'VideoPostSubmitted',
  'PostDeleted',
  'ContentRemoved',
  'PostViewed',
  'PostLiked',
  'PostUnliked',
  'CommentAdded',
  'CommentDeleted',
  'UserFollowed',
  'UserUnfollowed',
  'AnalyticsViewed',
  'AccountDeleted',
] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];
export type AnalyticsEvent = TypedRecordedEventOf<AnalyticsType>;
