/** The events that move a post's counters (likes, comments, shares, views), as the read models that count them run them. */
export const ENGAGEMENT_TYPES = [
  'PostLiked',
  'PostUnliked',
  'CommentAdded',
  'CommentDeleted',
  'PostShared',
  'PostViewed',
] as const;
