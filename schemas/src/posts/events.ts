import { z } from 'zod';
import { editorEffects } from './effects.ts';
import { fontStyle, videoCategory } from './rules.ts';

/**
 * Events of a post, stream `post-{id}` (one id space for text posts and videos). A text post's
 * photo is a processed media object of its author's, named by its objectPath. A video post names
 * its media object; it is shown once that object's MediaProcessed has produced the MP4 and the
 * poster (read models join the two), and its MediaProcessingFailed reason is shown to the author.
 */
export const postStreamName = (postId: string) => `post-${postId}`;

export const textPostCreated = z.object({
  postId: z.string(),
  authorId: z.string(),
  content: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  fontStyle,
  /** The photo's display variant (`/objects/...`), or null for text only. */
  imageUrl: z.string().nullable(),
  imageMediaId: z.string().nullable(),
  createdAt: z.string(),
});

export const videoPostSubmitted = z.object({
  postId: z.string(),
  authorId: z.string(),
  mediaId: z.string(),
  description: z.string(),
  category: videoCategory,
  /** The effects it was made with in the video editor (absent for a plain upload). */
  effects: editorEffects.optional(),
  createdAt: z.string(),
});

export const postDeleted = z.object({ postId: z.string(), authorId: z.string(), deletedAt: z.string() });

export const postEventSchemas = {
  TextPostCreated: textPostCreated,
  VideoPostSubmitted: videoPostSubmitted,
  PostDeleted: postDeleted,
} as const;

export type PostEventType = keyof typeof postEventSchemas;
export type PostEvent = {
  [K in PostEventType]: { readonly type: K; readonly data: z.infer<(typeof postEventSchemas)[K]> };
}[PostEventType];
