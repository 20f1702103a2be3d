import { z } from 'zod';

/** A story's kinds, limits and lifetime. */
export const STORY_MEDIA_TYPES = ['text', 'image', 'video'] as const;
export const storyMediaType = z.enum(STORY_MEDIA_TYPES, {
  error: `mediaType must be one of ${STORY_MEDIA_TYPES.join(', ')}`,
});
export type StoryMediaType = z.infer<typeof storyMediaType>;

export const DEFAULT_STORY_BACKGROUND = '#000000';
/** A text story's text, or a photo or video story's caption (characters). */
export const STORY_CONTENT_MAX = 500;
const MB = 1024 * 1024;
/** Uploaded story files: images 10 MB, videos 100 MB. */
export const STORY_MEDIA_MAX_BYTES = { image: 10 * MB, video: 100 * MB } as const;
/** A story expires this long after creation (STORY_TTL_SECONDS overrides it for tests and demos). */
export const STORY_TTL_SECONDS = 24 * 3600;
/** The viewer: how long each story shows, and its timer's tick. */
export const STORY_DISPLAY_MS = { text: 5_000, image: 5_000, video: 15_000 } as const;
export const STORY_TICK_MS = 100;
