import { z } from 'zod';
import { isHexColor } from '../accounts/profile-rules.ts';
import { DEFAULT_TEXT_POST_BACKGROUND, DEFAULT_TEXT_POST_TEXT_COLOR, TEXT_POST_MAX, fontStyle } from './rules.ts';

/** The HTTP bodies of /api/text-posts and /api/posts/{id}. */

const hexColor = (field: string) => z.string().trim().refine(isHexColor, `${field} must be a hex colour such as #000000`);

/** POST /api/text-posts: the spec's text-post payload (`userId` is sent empty by the client and ignored: the session says who). */
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
