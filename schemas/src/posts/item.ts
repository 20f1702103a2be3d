import { z } from 'zod';
import { feedReason } from '../feed/rules.ts';
import { editorEffects } from './effects.ts';
import { fontStyle, postStatus, videoCategory } from './rules.ts';

/**
 * A post as viewers receive it (the feed item): one shape in the feed, on detail pages and
 * in profile grids. It is a video when it has `videoUrl`. Counts come from the read model; an
 * author who set hideEngagement has `likeCount` and `viewCount` left out for everyone else.
 */
export const postItemAuthor = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The author's email: other people's addresses are private, so only the viewer's own items carry it. */
  email: z.string().optional(),
});
export type PostItemAuthor = z.infer<typeof postItemAuthor>;

const itemBase = {
  id: z.string(),
  authorId: z.string(),
  user: postItemAuthor,
  createdAt: z.string(),
  likeCount: z.number().int().nonnegative().optional(),
  viewCount: z.number().int().nonnegative().optional(),
  commentCount: z.number().int().nonnegative(),
  shareCount: z.number().int().nonnegative(),
  /** Whether the viewer likes it (false for visitors). */
  liked: z.boolean(),
  /** For You only: why it was chosen, most telling first. */
  reasons: z.array(feedReason).optional(),
};

export const videoItem = z.object({
  ...itemBase,
  kind: z.literal('video'),
  /** The processed MP4; null until processing has finished (only the author sees it before). */
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  description: z.string(),
  category: videoCategory,
  durationSeconds: z.number().nullable(),
  status: postStatus,
  /** Why processing failed, for the author. */
  failureReason: z.string().nullable(),
  /** The video editor's effects list, for a video saved from the editor. */
  effects: editorEffects.optional(),
});

export const textItem = z.object({
  ...itemBase,
  kind: z.literal('text'),
  description: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  textColor: z.string(),
  backgroundColor: z.string(),
  fontStyle,
});

export const postItem = z.discriminatedUnion('kind', [videoItem, textItem]);
export type PostItem = z.infer<typeof postItem>;
export type VideoItem = z.infer<typeof videoItem>;
export type TextItem = z.infer<typeof textItem>;
