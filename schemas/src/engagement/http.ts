import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { ENGAGEMENT_MESSAGES } from './messages.ts';
import { COMMENT_MAX, interactionType } from './rules.ts';

/** The HTTP bodies of /api/posts/{id}/like, /comments, /share and /api/user-interactions. */

/** Like and unlike answer the caller's state and the count (left out when the author hides engagement from others). */
export const likeResponse = z.object({ liked: z.boolean(), likeCount: z.number().int().nonnegative().optional() });
export type LikeResponse = z.infer<typeof likeResponse>;

export const commentBody = z.object({
  content: z
    .string({ error: ENGAGEMENT_MESSAGES.commentRequired })
    .trim()
    .min(1, ENGAGEMENT_MESSAGES.commentRequired)
    .max(COMMENT_MAX, ENGAGEMENT_MESSAGES.commentTooLong),
});
export type CommentBody = z.input<typeof commentBody>;

export const comment = z.object({
  id: z.string(),
  postId: z.string(),
  authorId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type Comment = z.infer<typeof comment>;

/** GET /api/posts/{id}/comments: newest first, a page at a time (next page's cursor in X-Next-Cursor). */
export const commentsQuery = z.object({ cursor: pageCursor.optional() });
export const commentsResponse = z.array(comment);
export const commentResponse = z.object({ comment, commentCount: z.number().int().nonnegative() });
export const commentParams = z.object({
  id: z.uuid('the post id must be a UUID'),
  commentId: z.uuid('the comment id must be a UUID'),
});
export const commentDeletedResponse = z.object({ deleted: z.literal(true) });

/** Share counts the share; the client copies `link`. */
export const shareResponse = z.object({ shareCount: z.number().int().nonnegative(), link: z.string() });
export type ShareResponse = z.infer<typeof shareResponse>;

/** POST /api/user-interactions: `{contentId, interactionType, timestamp?}`. */
export const interactionBody = z.object({
  contentId: z.uuid('contentId must be a post id'),
  interactionType,
  timestamp: z.iso.datetime({ offset: true, error: 'timestamp must be an ISO date-time' }).optional(),
});
export type InteractionBody = z.input<typeof interactionBody>;
/** `counted`: whether this interaction changed a count (a repeat view within the hour does not). */
export const interactionResponse = z.object({ counted: z.boolean() });
