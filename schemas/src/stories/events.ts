import { z } from 'zod';
import { storyMediaType } from './rules.ts';

/**
 * Events of a story, stream `story-{id}`: created (with its media object, for image and video
 * stories; read models show the processed variant once media processing has made it), and
 * expired (appended by the expiry job; the media is deleted after it). Unique views are decided
 * per viewer on `storyview-{storyId}-{viewerId}`, so concurrent viewers never contend.
 */
export const storyStreamName = (storyId: string) => `story-${storyId}`;
export const storyViewStreamName = (storyId: string, viewerId: string) => `storyview-${storyId}-${viewerId}`;

export const storyCreated = z.object({
  storyId: z.string(),
  authorId: z.string(),
  mediaType: storyMediaType,
  content: z.string(),
  backgroundColor: z.string(),
  /** The media object of an image or video story; null for text. */
  mediaId: z.string().nullable(),
  /** The uploaded original's objectPath (shown until the processed variant exists); null for text. */
  mediaUrl: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const storyViewed = z.object({
  storyId: z.string(),
  viewerId: z.string(),
  authorId: z.string(),
  viewedAt: z.string(),
});
export const storyExpired = z.object({
  storyId: z.string(),
  authorId: z.string(),
  mediaId: z.string().nullable(),
  expiredAt: z.string(),
});

export const storyEventSchemas = {
  StoryCreated: storyCreated,
  StoryViewed: storyViewed,
  StoryExpired: storyExpired,
} as const;

export type StoryEventType = keyof typeof storyEventSchemas;
export type StoryEvent = {
  [K in StoryEventType]: { readonly type: K; readonly data: z.infer<(typeof storyEventSchemas)[K]> };
}[StoryEventType];
