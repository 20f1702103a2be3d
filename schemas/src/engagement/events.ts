import { z } from 'zod';

/**
 * Engagement events. Each decision that must hold "at most once" lives in its own small stream, so
 * concurrent users never contend on the post's stream:
 * - `like-{postId}-{userId}`: PostLiked / PostUnliked (one like per user per post);
 * - `comment-{commentId}`: CommentAdded / CommentDeleted;
 * - `share-{shareId}`: PostShared (the id derives from the post and the user: one share per user per post);
 * - `view-{postId}-{viewerId}`: PostViewed (counted at most once per viewer per item per hour).
 * Each carries the post's author, so read models can credit the author without a lookup.
 */
export const likeStreamName = (postId: string, userId: string) => `like-${postId}-${userId}`;
export const commentStreamName = (commentId: string) => `comment-${commentId}`;
export const shareStreamName = (shareId: string) => `share-${shareId}`;
export const viewStreamName = (postId: string, viewerId: string) => `view-${postId}-${viewerId}`;

export const postLiked = z.object({
  postId: z.string(),
  userId: z.string(),
  authorId: z.string(),
  likedAt: z.string(),
});
export const postUnliked = z.object({
  postId: z.string(),
  userId: z.string(),
  authorId: z.string(),
  unlikedAt: z.string(),
});
export const commentAdded = z.object({
  commentId: z.string(),
  postId: z.string(),
  postAuthorId: z.string(),
  authorId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const commentDeleted = z.object({
  commentId: z.string(),
  postId: z.string(),
  authorId: z.string(),
  deletedAt: z.string(),
});
export const postShared = z.object({
  shareId: z.string(),
  postId: z.string(),
  userId: z.string(),
  authorId: z.string(),
  sharedAt: z.string(),
});
export const postViewed = z.object({
  postId: z.string(),
  viewerId: z.string(),
  authorId: z.string(),
  viewedAt: z.string(),
});

export const engagementEventSchemas = {
  PostLiked: postLiked,
  PostUnliked: postUnliked,
  CommentAdded: commentAdded,
  CommentDeleted: commentDeleted,
  PostShared: postShared,
  PostViewed: postViewed,
} as const;

export type EngagementEventType = keyof typeof engagementEventSchemas;
export type EngagementEvent = {
  [K in EngagementEventType]: { readonly type: K; readonly data: z.infer<(typeof engagementEventSchemas)[K]> };
}[EngagementEventType];
