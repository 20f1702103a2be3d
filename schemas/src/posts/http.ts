import { z } from 'zod';
import { isHexColor } from '../accounts/profile-rules.ts';
import { editorEffects } from './effects.ts';
import { videoItem } from './item.ts';
import { POST_MESSAGES } from './messages.ts';
import {
  DEFAULT_TEXT_POST_BACKGROUND,
  DEFAULT_TEXT_POST_TEXT_COLOR,
  TEXT_POST_MAX,
  VIDEO_DESCRIPTION_MAX,
  fontStyle,
  videoCategory,
} from './rules.ts';

/** The HTTP bodies of /api/text-posts, /api/videos and /api/posts/{id}. */

const hexColor = (field: string) =>
  z.string().trim().refine(isHexColor, `${field} must be a hex colour such as #000000`);

/** POST /api/text-posts: the text-post payload (`userId` is sent empty by the client and ignored: the session says who). */
export const textPostBody = z.object({
  content: z.string().trim().max(TEXT_POST_MAX, `A post is at most ${TEXT_POST_MAX} characters`).default(''),
  backgroundColor: hexColor('backgroundColor').default(DEFAULT_TEXT_POST_BACKGROUND),
  textColor: hexColor('textColor').default(DEFAULT_TEXT_POST_TEXT_COLOR),
  fontStyle: fontStyle.default('normal'),
  imageUrl: z.string().trim().max(4096).nullable().optional(),
  userId: z.string().max(100).optional(),
});
export type TextPostBody = z.input<typeof textPostBody>;

/** The `{id}` of /api/posts/{id}. */
export const postIdParam = z.object({ id: z.uuid('the post id must be a UUID') });

export const textPost = z.object({
  id: z.string(),
  authorId: z.string(),
  content: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  fontStyle,
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TextPost = z.infer<typeof textPost>;

export const textPostResponse = z.object({ post: textPost });
export const postDeletedResponse = z.object({ deleted: z.literal(true) });

/**
 * POST /api/videos: a short video. `videoUrl` is an upload address or objectPath of the author's
 * own (it must be a video, 100 MB at most); it appears once processed.
 */
export const videoPostBody = z.object({
  videoUrl: z.string({ error: POST_MESSAGES.videoRequired }).trim().min(1, POST_MESSAGES.videoRequired).max(4096),
  description: z.string().trim().max(VIDEO_DESCRIPTION_MAX, POST_MESSAGES.descriptionTooLong).default(''),
  category: videoCategory.default('none'),
  /** Sent by the video editor: the effects the video was rendered with, kept with the post. */
  effects: editorEffects.optional(),
});
export type VideoPostBody = z.input<typeof videoPostBody>;

/** The video as its author sees it: `status` processing until the MP4 and poster exist. */
export const videoPostResponse = z.object({ post: videoItem });
