import { z } from 'zod';
import { isHexColor } from '../accounts/profile-rules.ts';
import { DEFAULT_STORY_BACKGROUND, STORY_CONTENT_MAX, storyMediaType } from './rules.ts';

/**
 * POST /api/stories is multipart: these are its text fields; the file is the
 * part named `media`, streamed to object storage (image 10 MB, video 100 MB).
 */
export const storyFormFields = z.object({
  mediaType: storyMediaType,
  content: z
    .string()
    .trim()
    .max(STORY_CONTENT_MAX, `A story's text is at most ${STORY_CONTENT_MAX} characters`)
    .default(''),
  backgroundColor: z
    .string()
    .trim()
    .refine(isHexColor, 'backgroundColor must be a hex colour such as #000000')
    .default(DEFAULT_STORY_BACKGROUND),
});
export type StoryFormFields = z.input<typeof storyFormFields>;

/** A story as the API answers it, plus when it expires. `viewCount` counts unique viewers other than the author. */
export const story = z.object({
  id: z.string(),
  userId: z.string(),
  mediaType: storyMediaType,
  content: z.string(),
  mediaUrl: z.string().nullable(),
  backgroundColor: z.string(),
  viewCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  expiresAt: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), profileImageUrl: z.string().nullable() }),
});
export type Story = z.infer<typeof story>;

export const storyResponse = z.object({ story });
/** GET /api/stories: the live stories of the user and of the people they follow, oldest first per author. */
export const storiesResponse = z.array(story);
export const storyIdParam = z.object({ id: z.uuid('the story id must be a UUID') });
/** `counted`: whether this view was a new unique viewer. */
export const storyViewResponse = z.object({ counted: z.boolean() });
/** GET /api/stories/{id}/viewers (the author only): who viewed, newest first. */
export const storyViewer = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  profileImageUrl: z.string().nullable(),
  viewedAt: z.string(),
});
export const storyViewersResponse = z.array(storyViewer);
